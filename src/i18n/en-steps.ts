import { appProblemsEn } from './app-problems/en';

/**
 * English strings of the views after the identifier form and of the notices shown when the app cannot
 * be loaded: they travel in the step-views chunk, which adds them to the English catalogue when it
 * loads (see translator.ts `addEnglish`).
 */
export const enSteps = {
  // Passkey login and identity verification
  'log-into-your-account': 'Sign in to your account',
  'log-in-with-a-passkey': 'Sign in with a passkey',
  'verify-your-identity': 'Verify your identity',
  'we-dont-recognize-this-device': "We don't recognize this device.",
  'use-your-passkey': 'Use the passkey saved for {identifier} to continue.',
  'login-with-code': 'Sign in with a code',
  'login-with-email-link': 'Sign in with an email link',
  'login-with-text-link': 'Sign in with a text link',
  'passkey-login-fail-try-code':
    'Unable to sign in with a passkey. Try again or sign in with a one-time code.',
  'passkey-login-fail-try-link': 'Unable to sign in with a passkey. Try again or sign in with a link.',
  'passkey-login-fail-no-fallback': 'Unable to sign in with a passkey. Please try again.',
  'try-again': 'Try again',
  change: 'Change',
  'change-email': 'Change email',
  'change-phone': 'Change phone number',

  // Passkey registration
  'register-your-account': 'Register your account',
  'create-a-passkey': 'Create a passkey',
  'passkeys-are-a-simple': 'Passkeys are a simple and secure alternative to passwords.',
  'register-with-code': 'Register with a code',
  'register-with-email-link': 'Register with an email link',
  'register-with-text-link': 'Register with a text link',
  'passkey-create-fail-try-code': 'Unable to create a passkey. Try again or register with a one-time code.',
  'passkey-create-fail-try-link': 'Unable to create a passkey. Try again or register with a link.',
  'passkey-create-fail-no-fallback': 'Unable to create a passkey. Please try again.',
  'use-another-device': 'Use another device',
  'passkey-prompt-closed': 'The passkey request was cancelled or could not be completed.',
  'learn-more': 'Learn more',
  'what-are-passkeys': 'What are passkeys?',
  'passkey-is-unique': 'Each passkey is unique to this site, so it cannot be phished.',
  'unlock-your-passkey': 'Unlock your passkey with your fingerprint, face, or screen lock.',

  // One-time code
  'enter-code': 'Enter code',
  'enter-code-sent': "We've sent you a one-time code. Enter it here to sign in.",
  'enter-code-sent-register': "We've sent you a one-time code. Enter it here to register.",
  'code-digit': 'Digit {index} of {count}',
  'resend-code': 'Resend code',
  'send-code': 'Send code',
  'code-resent': 'A new code has been sent.',
  'code-invalid-or-expired': 'Code is invalid or expired. Please try again.',
  'code-send-error': 'An error occurred sending the code.',
  // Too many attempts (a 429): {0} is a number of minutes, 2 or more
  'too-many-attempts-minutes': 'Too many attempts. Try again in {0} minutes.',
  'too-many-attempts-minute': 'Too many attempts. Try again in a minute.',
  'too-many-attempts-later': 'Too many attempts. Try again later.',

  // Magic link: waiting screen
  'check-email-to-login': 'Check your email to sign in',
  'check-email-to-register': 'Check your email to register',
  'check-phone-to-login': 'Check your phone to sign in',
  'check-phone-to-register': 'Check your phone to register',
  'verify-email-to-login': 'Verify your email to sign in',
  'verify-phone-to-login': 'Verify your phone number to sign in',
  'link-sent-email': "We've sent you an email.",
  'link-sent-sms': "We've sent you a text message.",
  'you-will-be-automatically-signed-in': "Open the link and you'll be signed in here automatically.",
  'please-verify-identifier-email': 'Please verify your email to complete {action}.',
  'please-verify-identifier-phone': 'Please verify your phone number to complete {action}.',
  // Words put into the sentences above ({action}), so lower-case
  login: 'sign-in',
  registration: 'registration',
  resend: 'Resend',
  'link-resent': 'A new link has been sent.',

  // Magic link: activation
  success: 'Success',
  'something-went-wrong': 'Something went wrong',
  'invalid-link': 'Invalid link',
  'device-login-failed-title': 'Sign-in failed',
  'successfully-logged-in-redirect': 'You are signed in. Redirecting…',
  'successfully-changed-email': 'Your email address has been changed.',
  'link-invalid': 'This link is invalid or has expired.',
  'login-link-invalid': 'Signing in with this link failed. Please try again.',
  'verification-failed-please-try-again': 'Verification failed. Please try again.',
  'request-new-link': 'Request new link',
  'redirect-now': 'Redirect now',

  // Add device (after a fallback sign-in)
  'add-passkey-title': 'Add a passkey',
  'add-passkey-text': 'Sign in faster next time with a passkey on this device.',
  'add-passkey': 'Add passkey',
  skip: 'Skip',
  'failed-to-add-this-device': 'The passkey could not be added. Please try again.',

  // Not supported / no fallback
  'device-not-supported': 'Device not supported',
  'passkeys-are-required': 'Passkeys are required.',
  'try-again-on-device-with-passkeys': 'Try again on a device that supports passkeys.',
  'login-not-supported': 'Sign-in not supported',
  'passkeys-are-now-required': 'Passkeys are now required for this account.',
  'please-contact-support-to-regain-access': 'Please contact support to regain access.',
  'no-fallback-title': 'Unable to sign in',
  'no-fallback-text': 'This app offers no other way to sign in on this device.',

  // The app info failed: no app id, or what is misconfigured
  'invalid-app-id': 'This app ID is invalid.',
  ...appProblemsEn,
} as const;
