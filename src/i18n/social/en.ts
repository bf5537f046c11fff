/**
 * English strings of social sign-in: the provider buttons and what the form says when a provider sent
 * the visitor back without a sign-in. They travel in the buttons' chunk, which adds them to the English
 * catalogue when it loads (translator.ts `addEnglish`); `{0}` is the provider's name.
 */
export const socialEn = {
  'continue-with-provider': 'Continue with {0}',
  'or-divider': 'Or',
  'social-access-denied': 'Signing in with {0} was cancelled. Try again, or use another way to sign in.',
  'social-provider-error':
    '{0} could not complete the sign-in. Try again later, or use another way to sign in.',
  'social-invalid-state':
    'This sign-in has expired or was started in another browser. Choose a way to sign in to start again.',
  'social-invalid-response': 'The answer from {0} could not be verified. Please try again.',
  'social-account-exists':
    'An account with this email already exists. Sign in with your email first, then connect {0} in your profile.',
  'social-connection-in-use': 'This {0} account is already connected to another user.',
  'social-not-allowed':
    'Signing in with {0} is not allowed here: registration is closed, or the account is no longer active.',
  'social-failed': 'Signing in with {0} failed. Please try again.',
} as const;

/** Every language's social strings (checked by the compiler). */
export type SocialMessages = { readonly [K in keyof typeof socialEn]: string };
