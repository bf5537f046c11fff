/** Values a message can interpolate: text, numbers, or (for rich rendering) any node type. */
export type Params<T = never> = Readonly<Record<string, string | number | T>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Splits a message into literal text and the values of its `{name}` placeholders, so a view can
 * interpolate elements (a bold identifier) without building HTML strings. Unknown names stay literal.
 */
export function formatParts<T>(template: string, params: Params<T> = {}): (string | T)[] {
  const parts: (string | T)[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    if (!(name in params)) continue;
    if (match.index > last) parts.push(template.slice(last, match.index));
    const value = params[name] as string | number | T;
    parts.push(typeof value === 'number' ? String(value) : value);
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}

/** Interpolates `{name}` placeholders with text. */
export function format(template: string, params: Params = {}): string {
  return formatParts(template, params).join('');
}

/** The placeholder names a message uses, for checking translations against the English reference. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string).sort();
}
