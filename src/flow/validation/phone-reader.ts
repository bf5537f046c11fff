/**
 * Reads phone numbers. Injected so that validation never imports the phone library statically:
 * email-only pages must not download it (budget: 20 kB gzip before the form shows).
 */
export interface PhoneReader {
  /** The number in full international form (E.164, e.g. "+15555550100"), or undefined if invalid.
   * `country` is the ISO 3166 alpha-2 code used when the text has no leading "+". */
  toE164(text: string, country: string): string | undefined;
}
