export * from './code';
export * from './identifier';
export * from './metadata';
export * from './patterns';
export type { PhoneReader } from './phone-reader';
