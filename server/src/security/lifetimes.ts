/** How long a one-time code works (security notes C1). */
export const CODE_LIFETIME_MS = 5 * 60 * 1000;
/** How long a magic or verification link works (C1). */
export const LINK_LIFETIME_MS = 10 * 60 * 1000;
