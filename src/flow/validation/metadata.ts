import type { MetadataField } from '../../client/app-info';
import type { FlowMessageKey } from '../view-state';
import { isEmail } from './patterns';
import type { PhoneReader } from './phone-reader';

export type MetadataValue = string | number | boolean | undefined;

/** Text fields hold fewer than 64 characters (max 63). */
export const TEXT_MAX_EXCLUSIVE = 64;

export type FieldCheck =
  { ok: true; value: string | number | boolean } | { ok: false; message: FlowMessageKey };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (what a date input yields and what is sent). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const tooLong = (text: string) => text.length >= TEXT_MAX_EXCLUSIVE;

/** The metadata rules for one field; every registration field is required. */
export function checkMetadataField(
  field: MetadataField,
  raw: MetadataValue,
  options: { phone?: PhoneReader; country: string },
): FieldCheck {
  if (field.type === 'boolean') return { ok: true, value: raw === true || raw === 'true' };
  if (raw === undefined || raw === '') return { ok: false, message: 'required' };
  const text = String(raw).trim();
  switch (field.type) {
    case 'string':
      return tooLong(text) ? { ok: false, message: '64-letters-max' } : { ok: true, value: text };
    case 'date':
      return isIsoDate(text) ? { ok: true, value: text } : { ok: false, message: 'invalid-date' };
    case 'email':
      if (tooLong(text)) return { ok: false, message: '64-letters-max' };
      return isEmail(text) ? { ok: true, value: text } : { ok: false, message: 'invalid-email' };
    case 'integer':
      return /^-?\d+$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, message: 'no-decimals' };
    case 'phone': {
      const e164 = options.phone?.toE164(text, options.country);
      return e164 ? { ok: true, value: e164 } : { ok: false, message: 'invalid-phone' };
    }
  }
}

export interface MetadataCheck {
  values: Record<string, string | number | boolean>;
  errors: Record<string, FlowMessageKey>;
}

/** Checks every registration field; values come back normalised (dates YYYY-MM-DD, booleans false). */
export function checkMetadata(
  fields: readonly MetadataField[],
  input: Record<string, MetadataValue>,
  options: { phone?: PhoneReader; country: string },
): MetadataCheck {
  const result: MetadataCheck = { values: {}, errors: {} };
  for (const field of fields) {
    const check = checkMetadataField(field, input[field.field_name], options);
    if (check.ok) result.values[field.field_name] = check.value;
    else result.errors[field.field_name] = check.message;
  }
  return result;
}

/** Keys an integer field accepts (others are blocked): digits, minus and editing keys. */
export function isIntegerKey(key: string): boolean {
  return /^[\d-]$/.test(key) || key.length > 1;
}
