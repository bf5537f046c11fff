export { AuthFlow } from './auth-flow';
export * from '../client/features';
export * from './decisions';
export * from './host-event-names';
export * from './host-events';
export type * from './ports';
export * from './validation';
export type * from './view-state';
