export { AuthFlow, MAGIC_LINK_PARAM, VERIFY_LINK_PARAM } from './auth-flow';
export * from '../client/features';
export * from './decisions';
export * from './host-event-names';
export * from './host-events';
export { TIMING } from './steps/timing';
export type * from './ports';
export * from './validation';
export type * from './view-state';
