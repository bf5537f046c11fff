/**
 * English error lines of the registration fields: they travel in the metadata-fields chunk (the only
 * view that shows them), which adds them to the English catalogue when it loads.
 */
export const enMetadata = {
  required: 'This field is required.',
  // The limit: a text of 64 characters or more is refused (validation/metadata.ts).
  '64-letters-max': 'Use at most 63 characters.',
  'invalid-date': 'Enter a valid date.',
  'invalid-email': 'Enter a valid email address.',
  'no-decimals': 'Enter a whole number.',
  'invalid-phone': 'Enter a valid phone number.',
} as const;
