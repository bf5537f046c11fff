import { ConfigError } from './config-error.js';

/** A setting's trimmed value; null when unset or blank. */
export function optional(raw: string | undefined): string | null {
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

/** A setting that must be a URL with one of `schemes` (without the colon), or unset. */
export function optionalUrl(
  name: string,
  raw: string | undefined,
  schemes: string[],
  example: string,
): string | null {
  const url = optional(raw);
  if (url === null) return null;
  const scheme = URL.canParse(url) ? new URL(url).protocol.slice(0, -1) : null;
  if (scheme === null || !schemes.includes(scheme)) {
    throw new ConfigError(
      `${name} must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}, got "${raw}" — for example ${name}=${example}`,
    );
  }
  return url;
}
