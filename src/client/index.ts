export type * from './app-info';
export { PassageClient, type PassageClientOptions } from './passage-client';
export { PassageError } from './passage-error';
