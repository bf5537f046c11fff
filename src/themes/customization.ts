import type { Customization } from '../contract';

export type ThemeMode = 'light' | 'dark';
/** The `element_customization` / `element_customization_dark` maps of the app configuration. */
export type { Customization };

/**
 * The element_customization keys the elements honour (Passage 1.16's set). Kept apart from the
 * documented table in variables.ts so that table (with its descriptions) stays out of the bundle.
 */
const KEYS = [
  'container_background_color',
  'container_max_width',
  'input_box_background_color',
  'input_box_border_radius',
  'header_font_family',
  'body_font_family',
  'header_text_color',
  'body_text_color',
  ...['primary', 'secondary'].flatMap((kind) =>
    ['background_color', 'text_color', 'hover_color', 'border_radius', 'border_color', 'border_width'].map(
      (part) => `${kind}_button_${part}`,
    ),
  ),
];
const PX = /_(max_width|border_radius|border_width)$/;

/** `passage_primary_button_hover_color` → `primary-button-background-hover-color`. */
function variableName(key: string): string {
  return key.replace(/_hover_color$/, '_background_hover_color').replace(/_/g, '-');
}

/** A value that cannot break out of its declaration; anything else is dropped. */
const SAFE_VALUE = /^[^;{}<>\\]*$/;

function cssValue(raw: string | number, px: boolean): string | null {
  const text = String(raw).trim();
  if (text === '' || !SAFE_VALUE.test(text)) return null;
  if (px && /^-?\d+(\.\d+)?$/.test(text)) return `${text}px`;
  return text;
}

/**
 * The `--passage-*-default` properties an app's customization sets (unknown keys ignored, sizes in
 * px). The element puts them inline, so they beat the built-in light/dark defaults while a page's own
 * `--passage-*` still wins.
 */
export function customizationProperties(
  customization: Customization | null | undefined,
): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [key, raw] of Object.entries(customization ?? {})) {
    const name = key.replace(/^passage_/, '');
    if (name === key || !KEYS.includes(name) || raw === null || raw === undefined) continue;
    const value = cssValue(raw, PX.test(name));
    if (value !== null) properties[`--passage-${variableName(name)}-default`] = value;
  }
  return properties;
}

/** The customization map that applies in the given mode. */
export function customizationFor(
  app:
    { element_customization?: Customization; element_customization_dark?: Customization } | null | undefined,
  mode: ThemeMode,
): Record<string, string> {
  return customizationProperties(
    mode === 'dark' ? app?.element_customization_dark : app?.element_customization,
  );
}

/** `theme` attribute → mode: 'auto' follows the system, 'dark' forces dark, anything else is light. */
export function resolveThemeMode(theme: string | null | undefined, systemPrefersDark: boolean): ThemeMode {
  if (theme === 'dark') return 'dark';
  if (theme === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return 'light';
}

/** Calls back whenever the system dark preference changes; returns the unsubscribe function. */
export function watchSystemDark(onChange: (prefersDark: boolean) => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia('(prefers-color-scheme: dark)');
  const listener = (event: MediaQueryListEvent) => onChange(event.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the system currently prefers dark. */
export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
