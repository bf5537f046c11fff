/** Browsers in the order they must be tested: many user agents also name the ones further down. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** User-agent strings are cut at 350 characters. */
const MAX_USER_AGENT = 350;

function browserAndSystem(userAgent: string | undefined) {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT);
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1],
    system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1],
  };
}

/** A readable passkey name from the browser's user agent, e.g. "Chrome on Linux"; at most 64 characters. */
export function deviceNameFromUserAgent(userAgent: string | undefined): string {
  const { browser, system } = browserAndSystem(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Passkey on ${system}` : 'Passkey');
}

/** A user agent as people read it ("Chrome on Linux", "Firefox", "iOS"); "" when it names neither. */
export function userAgentDisplay(userAgent: string): string {
  const { browser, system } = browserAndSystem(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? '';
}
