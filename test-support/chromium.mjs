// Not orchestration: the launch flags playwright.config.ts and the benchmarks share.
// How the benchmarks and the browser tests launch Chromium: Debian's (CHROMIUM_PATH for another one), headless.

/** Headless Chromium with no connection of its own to anywhere (the machine's network is closed). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
