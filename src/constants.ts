/** Version of the Passage elements this library is wire-compatible with, sent as a header. */
export const ELEMENT_VERSION = '1.16.0';

/** Sent as `Passage-Version` on every call: which client is talking. */
export const CLIENT_VERSION = 'open-passage-js 0.1.0';
