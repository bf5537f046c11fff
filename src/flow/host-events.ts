import type { AppInfo } from '../client/app-info';
import type { AuthResult } from '../client/types';
import type { HOST_EVENT_NAMES } from './host-event-names';

export type HostEventName = (typeof HOST_EVENT_NAMES)[number];

/** `onLoaded`: the app info the element loaded. */
export interface LoadedDetail {
  app: AppInfo;
}

/** A sign-in step started for this identifier (as entered: trimmed, lower-case, phones in E.164). */
export interface IdentifierDetail {
  identifier: string;
}

/** The detail each event carries (docs/sign-in-elements.md). */
export interface HostEventDetails {
  onLoaded: LoadedDetail;
  onRegisterDevice: IdentifierDetail;
  onVerifyIdentity: IdentifierDetail;
  onMagicLinkLogin: IdentifierDetail;
  onMagicLinkRegister: IdentifierDetail;
  /** The link was opened (found while polling): the tokens. */
  onMagicLinkActivated: AuthResult;
  /** This page activated a link: the tokens. */
  onMagicLinkActivateSuccess: AuthResult;
  onOneTimePasscodeLogin: IdentifierDetail;
  onOneTimePasscodeRegister: IdentifierDetail;
  onOneTimePasscodeActivated: AuthResult;
  onOneTimePasscodeActivateSuccess: AuthResult;
}

/** One event as `onEvent` receives it: a name and the detail of that name (a discriminated union). */
export type HostEventArgs = { [K in HostEventName]: [name: K, detail: HostEventDetails[K]] }[HostEventName];

/** Storage keys. */
export const STORAGE_KEYS = {
  lastLogin: 'psg_last_login',
  email: 'email',
  magicLinkId: 'magic_link_id',
  waitCount: 'wait_count',
  otpId: 'otp_id',
} as const;
