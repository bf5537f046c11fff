/** How long a one-time code works. */
export const CODE_LIFETIME_MS = 5 * 60 * 1000;
/** How long a magic or verification link works. */
export const LINK_LIFETIME_MS = 10 * 60 * 1000;
