/** Version of the Passage elements this library is wire-compatible with (SPEC §9), sent as a header. */
export const ELEMENT_VERSION = '1.16.0';
