import type { AppInfo } from '../../client/app-info';
import type { IdentifierType } from '../view-state';

/**
 * The login-info rows: those the app's `allowed_identifier` offers, plus any identifier the user
 * already holds (an email-only app may have users with a phone number, and the other way round).
 */
export function identifierKinds(
  allowed: AppInfo['allowed_identifier'],
  user: { email: string; phone: string } | null,
): IdentifierType[] {
  const kinds: IdentifierType[] = [];
  if (allowed !== 'phone' || user?.email) kinds.push('email');
  if (allowed !== 'email' || user?.phone) kinds.push('phone');
  return kinds;
}

/**
 * Whether the profile needs the phone library (a lazy chunk): only when the user can type a phone
 * number, in an editable phone row or an editable phone field of the profile form.
 */
export function needsPhoneLibrary(
  app: Pick<AppInfo, 'profile_management' | 'user_metadata_schema'>,
  kinds: readonly IdentifierType[],
): boolean {
  if (!app.profile_management) return false;
  return kinds.includes('phone') || app.user_metadata_schema.some((field) => field.type === 'phone');
}

/**
 * Whether `GET /users?identifier=` can tell if a new email/phone is taken: it answers only for the
 * identifiers the app signs in with (an email-only app refuses to look up a phone number). Otherwise
 * the change request itself refuses an identifier in use.
 */
export function canLookUp(allowed: AppInfo['allowed_identifier'], kind: IdentifierType): boolean {
  return allowed === 'both' || allowed === kind;
}
