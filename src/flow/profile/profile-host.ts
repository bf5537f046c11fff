import type { MessageKey } from '../../i18n';
import type { Params } from '../../i18n/format';
import type { ProfileClient, ProfilePorts } from './profile-ports';
import type { ProfileView, ServerAction, StatusPlace } from './profile-view';

/** What the helpers of the profile's sections (a link the page was opened with, the sign-in accounts)
 * see of `ProfileFlow`: its ports, its view, and its one way to run a server action. */
export interface ProfileHost {
  readonly ports: ProfilePorts;
  view(): ProfileView;
  set(patch: Partial<ProfileView>): void;
  /** A confirmation, shown and announced in the section `at`. */
  announce(at: StatusPlace, key: MessageKey, params?: Params): void;
  /** Runs a server action under the current load, with the profile's error policy. */
  run<T>(
    action: ServerAction,
    failure: MessageKey,
    work: (client: ProfileClient) => Promise<T>,
    apply: (result: T) => void,
  ): Promise<void>;
}
