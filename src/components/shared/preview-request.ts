/**
 * The preview hook of the elements: a page (a design tool, the view gallery, a maintainer's tool) shows
 * any view in a live element, with sample data and without the server, by dispatching one DOM event on
 * the element. The element loads the code that handles it only when the first such event arrives, so
 * the hook costs the first render only its listener (docs/performance.md).
 *
 *   el.dispatchEvent(new CustomEvent(PREVIEW_EVENT, { detail: { view: VIEW_SAMPLES['one-time-code'] } }));
 *   el.dispatchEvent(new CustomEvent(PREVIEW_EVENT, { detail: {} }));   // back to the live flow
 */
import type { AppInfo } from '../../client/app-info';
import type { CurrentUser, Device } from '../../client/types';
import type { SocialConnection } from '../../contract/social';
import type { ViewState } from '../../flow/view-state';

/** The DOM event the elements listen for on themselves. The elements write the name out (with
 * `satisfies PreviewEventName`): an imported constant would be a chunk of its own in the first render. */
export const PREVIEW_EVENT = 'passage-preview';
export type PreviewEventName = typeof PREVIEW_EVENT;

/** What `<passage-profile>` shows on top of its sample data once loaded. */
export type ProfileScene =
  | 'ready'
  | 'loading'
  | 'signed-out'
  | 'session-expired'
  | 'invalid-app'
  | 'origin-not-allowed'
  | 'server-unreachable'
  | 'load-failed'
  | 'edit-email'
  | 'edit-phone'
  | 'edit-metadata'
  | 'rename-device'
  | 'learn-more'
  | 'confirm-delete'
  | 'sign-in-accounts'
  | 'sign-in-accounts-refused';

/** The account `<passage-profile>` shows in a preview (its sample client answers with it). */
export interface ProfileSample {
  user: CurrentUser;
  devices: Device[];
  metadata: Record<string, unknown>;
  scene: ProfileScene;
  /** The providers the sample app offers (app info `social_connections`) and those the user linked. */
  offered?: AppInfo['social_connections'];
  socialConnections?: Record<string, SocialConnection>;
}

/** The event's `detail`. With neither `view` nor `profile` the element returns to its live flow. */
export interface PreviewRequest {
  /** The sign-in elements: the view to show (the flow stops until the next live request). */
  view?: ViewState;
  /** `<passage-profile>`: the account to show and the scene on top of it. */
  profile?: ProfileSample;
  /** The app settings the preview uses (element_customization, and the profile's fields and rows). */
  app?: AppInfo;
  /** Called with what the previewed element did instead of calling the server: a sign-in view's
   * event (`submit-code`, …), or a profile change (`{ type: 'metadata-updated', … }`). */
  report?: (what: string, detail: unknown) => void;
}
