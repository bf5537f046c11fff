/** Event names passed to the host's onEvent (SPEC §4 host hooks), also dispatched as DOM CustomEvents. */
export const HOST_EVENT_NAMES = [
  'onLoaded',
  'onRegisterDevice',
  'onVerifyIdentity',
  'onMagicLinkLogin',
  'onMagicLinkRegister',
  'onMagicLinkActivated',
  'onMagicLinkActivateSuccess',
  'onOneTimePasscodeLogin',
  'onOneTimePasscodeRegister',
  'onOneTimePasscodeActivated',
  'onOneTimePasscodeActivateSuccess',
] as const;

export type HostEventName = (typeof HOST_EVENT_NAMES)[number];

/** Storage keys (SPEC §3, §9). */
export const STORAGE_KEYS = {
  lastLogin: 'psg_last_login',
  email: 'email',
  magicLinkId: 'magic_link_id',
  waitCount: 'wait_count',
  otpId: 'otp_id',
} as const;

/** SPEC §9 timings. */
export const TIMING = {
  pollIntervalMs: 5000,
  maxPolls: 720,
  registerSendDelayMs: 2000,
  loginResendLockMs: 3000,
  successHoldMs: 2000,
} as const;
