export * from './client';
export type { Components, JSX } from './components';
export { ELEMENT_VERSION } from './constants';
export type {
  PassageAuthCustomEvent,
  PassageLoginCustomEvent,
  PassageRegisterCustomEvent,
} from './components';
export { AuthFlow, type HostEventName } from './flow';
export type { HostEventArgs, HostEventDetails, IdentifierDetail, LoadedDetail } from './flow/host-events';
export type { ViewEvent, ViewState } from './flow/view-state';
export type { BeforeAuth, OnEvent, OnSuccess } from './components/sign-in/host-api';
export type { PassageProfileCustomEvent } from './components';
export type { ProfileChange } from './components/passage-profile/profile-events';
export * from './client/profile';
