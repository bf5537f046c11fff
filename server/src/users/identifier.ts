import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AllowedIdentifier, IdentifierType } from 'open-passage/contract';
import type { AppSettings } from '../apps/app-settings.js';
import { invalidRequest } from '../http/api-error.js';

export interface Identifier {
  type: IdentifierType;
  /** Lower-cased email, or a phone number in E.164. */
  value: string;
}

/** local@domain, or local@[IPv4] — the pattern the widget uses. */
const EMAIL =
  /^[^\s@"(),:;<>[\\\]]+(\.[^\s@"(),:;<>[\\\]]+)*@(\[(\d{1,3}\.){3}\d{1,3}\]|([a-z0-9-]+\.)+[a-z]{2,})$/i;
/** Digits, spaces, parentheses, hyphens and an optional leading +. */
const PHONE_LIKE = /^\+?[\d\s()-]+$/;
/**
 * Characters one cannot see: controls, format characters (zero-width space and joiners, soft hyphen,
 * byte order mark, bidirectional controls), other default-ignorable code points (variation selectors,
 * fillers), private use and lone surrogates. `ada\u200B@example.com` looks like `ada@example.com` but
 * would be another account, so an identifier with one is refused, never cleaned.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

function hasInvisibleCharacter(value: string): boolean {
  return INVISIBLE.test(value);
}

/** The first character of `value` one cannot see, as `U+200B`, or null when it has none. */
export function firstInvisibleCharacter(value: string): string | null {
  const found = INVISIBLE.exec(value)?.[0];
  return found === undefined
    ? null
    : `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && !hasInvisibleCharacter(value) && EMAIL.test(value);
}

/** The E.164 form of a full international number, or null when it is not a valid one. */
export function toE164(value: string): string | null {
  if (!PHONE_LIKE.test(value)) return null;
  const compact = value.replace(/[\s()-]/g, '');
  const parsed = parsePhoneNumberFromString(compact.startsWith('+') ? compact : `+${compact}`);
  return parsed?.isValid() ? parsed.number : null;
}

export type IdentifierProblem = 'missing' | 'invalid' | 'invisible' | 'not_allowed';

/**
 * Normalises what a user typed: trimmed, lower-cased and in Unicode NFC (so `é` typed as `e` and a
 * combining accent is the same address as `é`); an email as is, a phone number in E.164. `allowed` is
 * the app's `allowed_identifier`. Every way an identifier enters (sign-up, sign-in, management,
 * admin, import, profile changes) goes through here.
 */
export function parseIdentifier(
  raw: string,
  allowed: AllowedIdentifier,
): { ok: true; identifier: Identifier } | { ok: false; problem: IdentifierProblem } {
  const text = raw.trim().toLowerCase().normalize('NFC');
  if (text === '') return { ok: false, problem: 'missing' };
  if (hasInvisibleCharacter(text)) return { ok: false, problem: 'invisible' };
  const phone = text.includes('@') ? null : toE164(text);
  const identifier: Identifier | null = text.includes('@')
    ? isEmail(text)
      ? { type: 'email', value: text }
      : null
    : phone
      ? { type: 'phone', value: phone }
      : null;
  if (!identifier) return { ok: false, problem: 'invalid' };
  if (allowed !== 'both' && identifier.type !== allowed) return { ok: false, problem: 'not_allowed' };
  return { ok: true, identifier };
}

const ALLOWED_WORDS: Record<AllowedIdentifier, string> = {
  email: 'an email address',
  phone: 'a phone number in international form (e.g. +14155550100)',
  both: 'an email address or a phone number in international form (e.g. +14155550100)',
};

/** A readable sentence for each problem, for `{code: 'invalid_request', error}`. */
export function describeIdentifierProblem(problem: IdentifierProblem, allowed: AllowedIdentifier): string {
  if (problem === 'missing') return `identifier is required: enter ${ALLOWED_WORDS[allowed]}.`;
  if (problem === 'not_allowed') return `This app accepts only ${ALLOWED_WORDS[allowed]} as identifier.`;
  if (problem === 'invisible') {
    return 'identifier contains an invisible character (such as a zero-width space or a soft hyphen): type it again without it.';
  }
  return `identifier is not valid: enter ${ALLOWED_WORDS[allowed]}.`;
}

/** The normalised identifier of a request body or query, or 400 `invalid_request` with a reason. */
export function requireIdentifier(app: Pick<AppSettings, 'allowed_identifier'>, raw: string): Identifier {
  const parsed = parseIdentifier(raw, app.allowed_identifier);
  if (!parsed.ok) throw invalidRequest(describeIdentifierProblem(parsed.problem, app.allowed_identifier));
  return parsed.identifier;
}
