import type { Device } from '../../client/types';
import type { ProfileFlow, ProfileView, SignInReason } from '../../flow/profile';
import type { Translator } from '../../i18n';

/** What the profile's views get: the view to show, the flow to call, and the element's own part of
 * the wiring (dialogs remember the button that opened them, to give focus back). */
export interface ProfileUi {
  view: ProfileView;
  flow: ProfileFlow;
  t: Translator['t'];
  formatDate(iso: string): string;
  openLearnMore(opener: HTMLElement): void;
  askDelete(device: Device, opener: HTMLElement): void;
  closeDialog(): void;
  confirmDelete(deviceId: string): void;
  requestSignIn(reason: SignInReason): void;
  retry(): void;
}
