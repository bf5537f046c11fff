import { checkIdentifier } from '../validation/identifier';
import type { PhoneReader } from '../validation/phone-reader';
import type { FlowMessageKey, IdentifierType } from '../view-state';

export type IdentifierCheck =
  { ok: true; value: string } | { ok: false; error: FlowMessageKey | 'identifier-unchanged' };

/**
 * Checks a new email or phone typed into a profile row with the identifier rules of the sign-in form
 * (trimmed, lower-cased, phones international) and notices when nothing changed.
 */
export function checkNewIdentifier(
  kind: IdentifierType,
  text: string,
  current: string,
  options: { phone?: PhoneReader; country: string },
): IdentifierCheck {
  const check = checkIdentifier({ text, allowed: kind, ...options });
  if (!check.ok) return { ok: false, error: check.message };
  if (check.identifier === current.toLowerCase()) return { ok: false, error: 'identifier-unchanged' };
  return { ok: true, value: check.identifier };
}
