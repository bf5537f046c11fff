import type { AllowedIdentifier } from '../../client/app-info';
import type { FlowMessageKey, IdentifierType } from '../view-state';
import { isEmail, looksLikePhone } from './patterns';
import type { PhoneReader } from './phone-reader';

export type IdentifierCheck =
  { ok: true; identifier: string; type: IdentifierType } | { ok: false; message: FlowMessageKey };

const EMPTY: Record<AllowedIdentifier, FlowMessageKey> = {
  email: 'enter-an-email-address',
  phone: 'enter-a-phone-number',
  both: 'enter-an-email-or-phone-number',
};

/** The "valid" message of a mode: also shown when the identifier lookup fails. */
export const INVALID: Record<AllowedIdentifier, FlowMessageKey> = {
  email: 'enter-a-valid-email-address',
  phone: 'enter-a-valid-phone-number',
  both: 'enter-a-valid-email-or-phone-number',
};

export interface IdentifierInput {
  text: string;
  allowed: AllowedIdentifier;
  /** Needed whenever phones are allowed. */
  phone?: PhoneReader;
  /** ISO2 of the country dropdown. */
  country: string;
}

/** The identifier form: trimmed, lower-cased; phones in full international form. */
export function checkIdentifier({ text, allowed, phone, country }: IdentifierInput): IdentifierCheck {
  const value = text.trim().toLowerCase();
  if (!value) return { ok: false, message: EMPTY[allowed] };
  const asPhone = () => (phone && looksLikePhone(value) ? phone.toE164(value, country) : undefined);
  if (allowed === 'email' || (allowed === 'both' && !looksLikePhone(value))) {
    return isEmail(value)
      ? { ok: true, identifier: value, type: 'email' }
      : { ok: false, message: INVALID[allowed] };
  }
  const e164 = asPhone();
  return e164 ? { ok: true, identifier: e164, type: 'phone' } : { ok: false, message: INVALID[allowed] };
}
