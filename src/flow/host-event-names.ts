/** Kept apart from host-events.ts: the elements' first render does not need the list. */
/** Event names passed to the host's onEvent, also dispatched as DOM CustomEvents. */
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
