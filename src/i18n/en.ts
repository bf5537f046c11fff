/** English strings, the complete reference every other language is checked against. */
export const en = {
  'login-title': 'Log in',
  'register-title': 'Register',
  'email-address': 'Email address',
  'phone-number': 'Phone number',
  'email-or-phone-number': 'Email or phone number',
  continue: 'Continue',
  loading: 'Loading',
  'invalid-app-id': 'This app ID is invalid.',
} as const;

export type MessageKey = keyof typeof en;
