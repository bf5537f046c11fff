import type { AppSettings } from '../apps/app-settings.js';
import { isEmail, toE164 } from './identifier.js';

export type UserMetadata = Record<string, string | number | boolean | null>;
type Field = AppSettings['user_metadata_schema'][number];

/** Text fields hold fewer than 64 characters. */
const MAX_TEXT = 63;

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Checks one value against its field type; returns the stored form or an error sentence. */
function checkValue(field: Field, value: unknown): { value: UserMetadata[string] } | { error: string } {
  const name = field.field_name;
  if (value === null) return { value: null };
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return { error: `user_metadata.${name} must be text.` };
      if (value.length > MAX_TEXT)
        return { error: `user_metadata.${name} must be at most ${MAX_TEXT} characters.` };
      return { value };
    case 'email':
      if (typeof value !== 'string' || value.length > MAX_TEXT || !isEmail(value.trim()))
        return { error: `user_metadata.${name} must be a valid email address.` };
      return { value: value.trim().toLowerCase() };
    case 'phone': {
      const phone = typeof value === 'string' ? toE164(value.trim()) : null;
      if (!phone) return { error: `user_metadata.${name} must be a valid international phone number.` };
      return { value: phone };
    }
    case 'date':
      if (typeof value !== 'string' || !isRealDate(value))
        return { error: `user_metadata.${name} must be a date in the form YYYY-MM-DD.` };
      return { value };
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        return { error: `user_metadata.${name} must be a whole number.` };
      return { value };
    case 'boolean':
      if (typeof value !== 'boolean') return { error: `user_metadata.${name} must be true or false.` };
      return { value };
    default:
      return { error: `user_metadata.${name} has an unknown type.` };
  }
}

/**
 * Validates metadata against the app's schema: only declared fields, each of its declared type
 * (the widget's rules). With `profileOnly` (a user editing their own profile) only fields declared
 * `profile: true` may be given; with `registrationOnly` (a sign-up) only fields declared
 * `registration: true`. Returns the normalised values or the first problem as a readable sentence.
 */
export function validateUserMetadata(
  schema: AppSettings['user_metadata_schema'],
  input: Record<string, unknown>,
  options: { profileOnly?: boolean; registrationOnly?: boolean } = {},
): { ok: true; metadata: UserMetadata } | { ok: false; error: string } {
  const fields = new Map(schema.map((field) => [field.field_name, field]));
  const metadata: UserMetadata = {};
  for (const [name, raw] of Object.entries(input)) {
    const field = fields.get(name);
    if (!field) return { ok: false, error: `user_metadata.${name} is not a field of this app.` };
    if (options.profileOnly && !field.profile) {
      return { ok: false, error: `user_metadata.${name} cannot be changed from the profile.` };
    }
    if (options.registrationOnly && !field.registration) {
      return { ok: false, error: `user_metadata.${name} is not asked at registration.` };
    }
    const checked = checkValue(field, raw);
    if ('error' in checked) return { ok: false, error: checked.error };
    metadata[name] = checked.value;
  }
  return { ok: true, metadata };
}
