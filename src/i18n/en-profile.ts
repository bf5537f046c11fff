/**
 * English strings of `<passage-profile>`: the profile's part of the catalogue, in its element's chunk
 * (see profile.ts). The profile also shows strings of the sign-in part (loading, the identifier and
 * metadata errors, the app problems); a key of both parts holds the profile's own wording, which wins
 * in the profile only. `{name}` placeholders.
 */
export const enProfile = {
  'profile-title': 'My account',
  saved: 'Saved.',
  'failed-to-load-profile': 'Failed to load your profile.',

  // Sign-in details rows
  'login-info': 'Sign-in details',
  'phone-number': 'Phone number',
  'not-set': 'Not set',
  verified: 'Verified',
  unverified: 'Not verified',
  edit: 'Edit',
  'edit-field': 'Edit {field}',
  save: 'Save',
  cancel: 'Cancel',
  'identifier-unchanged': 'That is already your {field}.',
  'email-address-already-in-use': 'This email is already in use.',
  'phone-number-already-in-use': 'This phone number is already in use.',
  'weve-sent-confirmation-email':
    "We've sent a confirmation link to {identifier}. Your email changes once you open it.",
  'weve-sent-confirmation-text':
    "We've sent a confirmation link to {identifier}. Your phone number changes once you open it.",
  'identifier-updated': 'Your {field} was updated.',
  'failed-to-update-email': 'Failed to update email.',
  'failed-to-update-phone': 'Failed to update phone.',
  'successfully-changed-phone': 'Your phone number has been changed.',
  'identifier-change-confirmed': 'Your change is confirmed.',
  'read-only-profile': 'Your sign-in details cannot be changed here.',

  // User metadata form
  'personal-info': 'Personal info',
  'enter-field': 'Enter {field}',
  'failed-to-update-metadata': 'Failed to update profile.',

  // Passkeys table
  'my-passkeys': 'My passkeys',
  name: 'Name',
  'added-time': 'Added',
  'last-login': 'Last used',
  actions: 'Actions',
  current: 'Current device',
  'add-device': 'Add passkey',
  'edit-device': 'Rename',
  'rename-device-label': 'New name for {name}',
  delete: 'Delete',
  'delete-device-label': 'Delete {name}',
  'device-name-is-required': 'Name is required.',
  'failed-to-rename-this-device': 'Failed to rename this passkey.',
  'failed-to-revoke-this-device': 'Failed to delete this passkey.',
  'failed-to-add-this-device': 'Failed to add a passkey.',
  'device-added': 'Passkey added.',
  'device-renamed': 'Passkey renamed.',
  'device-deleted': 'Passkey deleted.',
  'there-are-no-devices-registered': 'No passkeys are registered.',
  'rows-per-page': 'Rows per page',
  'showing-page-of-n': '{first}–{last} of {total}',
  'previous-page': 'Previous page',
  'next-page': 'Next page',
  never: 'Never',

  // Sign-in accounts (social connections)
  'sign-in-accounts': 'Sign-in accounts',
  'sign-in-accounts-text': 'Accounts at other services you can sign in with.',
  'connected-as': 'Connected as {identifier}',
  'not-connected': 'Not connected',
  connect: 'Connect',
  'connect-provider-label': 'Connect {provider}',
  remove: 'Remove',
  'remove-provider-label': 'Remove {provider}',
  'sign-in-account-connected': '{provider} connected.',
  'sign-in-account-removed': '{provider} removed.',
  'failed-to-connect-sign-in-account': 'Failed to connect this account.',
  'failed-to-remove-sign-in-account': 'Failed to remove this account.',

  // Delete confirmation (danger modal)
  'delete-passkey-title': 'Delete this passkey?',
  'delete-passkey-text': 'You will no longer be able to sign in with “{name}”.',
  'delete-current-passkey-text':
    '“{name}” is the passkey of this device. After deleting it you will sign in here with another passkey or a fallback method.',

  // Learn-more modal
  close: 'Close',
  'passkeys-are-a-simpler-and-more-secure-alternative':
    'Passkeys are a simpler and more secure alternative to passwords.',
  simple: 'Simple',
  secure: 'Secure',
  'passkey-is-unique': 'Each passkey is unique to this site, so it cannot be phished or reused.',
  private: 'Private',
  'passkey-stays-on-device': 'Your fingerprint or face never leaves your device.',

  // Session
  'sign-out': 'Sign out',
  'signed-out': 'You are signed out.',
  'session-expired': 'Your session has expired. Please sign in again.',
  'there-is-no-currently-logged-in-user': 'No one is signed in.',
  'sign-in-again': 'Sign in again',
  'signed-out-server-unreachable':
    'You are signed out on this device, but the server could not be reached to end your session.',
  'reauthentication-required': 'For your security, please sign in again before making this change.',
} as const;
