/**
 * English error lines of the registration fields: they travel in the metadata-fields chunk (the only
 * view that shows them), which adds them to the English catalogue when it loads.
 */
export const enMetadata = {
  required: 'required',
  '64-letters-max': '64 letters max',
  'invalid-date': 'invalid date',
  'invalid-email': 'invalid email',
  'no-decimals': 'no decimals',
  'invalid-phone': 'invalid phone',
} as const;
