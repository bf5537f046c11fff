import type { AppInfo } from '../../client/app-info';
import type { CurrentUser, Device } from '../../client/types';
import type { MessageKey } from '../../i18n';
import type { AppProblem } from '../view-state';
import { DEFAULT_PAGE_SIZE } from './devices';
import type { MetadataValues } from './metadata-form';
import { initialProfileState, type ProfileState } from './profile-state';
import type { SocialConnections } from './social-connections';

/** The section a confirmation or an error shows in: the one holding the control that caused it. */
export type StatusPlace = 'login-info' | 'metadata' | 'devices' | 'social';

/** The profile's server actions, as its `error` and `reauthentication-required` changes name them. */
export type ServerAction =
  | 'load'
  | 'change-email'
  | 'change-phone'
  | 'update-metadata'
  | 'rename-device'
  | 'delete-device'
  | 'add-device'
  | 'connect-social'
  | 'remove-social';

/** The section holding each action's control, where its failure shows; a load has none (its notice). */
export const FAILURE_PLACE: Record<ServerAction, StatusPlace | null> = {
  load: null,
  'change-email': 'login-info',
  'change-phone': 'login-info',
  'update-metadata': 'metadata',
  'rename-device': 'devices',
  'delete-device': 'devices',
  'add-device': 'devices',
  'connect-social': 'social',
  'remove-social': 'social',
};

/** Everything `<passage-profile>` renders, emitted by `ProfileFlow` on every change. Texts already
 * worded (errors, confirmations) are strings: they keep the language they were said in. */
export interface ProfileView extends ProfileState {
  app: AppInfo | null;
  /** Why the app info failed (status `invalid-app`); null when the element names no app. */
  appProblem: AppProblem | null;
  user: CurrentUser | null;
  devices: Device[];
  /** The providers linked to the user (empty when the app offers none: then nothing asks). */
  socialConnections: SocialConnections;
  /** The stored metadata (the form shows it while not editing). */
  metadata: Record<string, unknown>;
  identifierDraft: string;
  identifierError: string | null;
  metadataDraft: MetadataValues;
  metadataErrors: Record<string, MessageKey>;
  renameDraft: string;
  renameError: string | null;
  /** The passkeys table's page (0-based) and rows per page. */
  page: number;
  pageSize: number;
  /** The last confirmation (polite live region), shown in the section `announcedAt`. */
  announcement: string;
  announcedAt: StatusPlace | null;
  /** The last error (alert), shown in the section `failedAt`. */
  alert: string | null;
  /** An action was refused until the user signs in again; the session itself is still valid. Its
   * notice shows in the section `failedAt`. */
  reauthenticate: boolean;
  /** The section of the control whose action failed (the email and phone rows for a confirmation
   * link). Null for a failed load; then, and whenever the profile is not shown, the error shows at the
   * element's end. */
  failedAt: StatusPlace | null;
  /** What the signed-out state says. */
  signedOutNotice: MessageKey;
  /** A server action is under way (Save buttons are disabled). */
  busy: boolean;
}

export const initialProfileView: ProfileView = {
  ...initialProfileState,
  app: null,
  appProblem: null,
  user: null,
  devices: [],
  socialConnections: {},
  metadata: {},
  identifierDraft: '',
  identifierError: null,
  metadataDraft: {},
  metadataErrors: {},
  renameDraft: '',
  renameError: null,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
  announcement: '',
  announcedAt: null,
  alert: null,
  reauthenticate: false,
  failedAt: null,
  signedOutNotice: 'there-is-no-currently-logged-in-user',
  busy: false,
};
