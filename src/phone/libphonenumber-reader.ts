/** The phone reader backed by libphonenumber-js. Only ever loaded through `import()` when an app
 * allows phones, so email-only pages never download the phone metadata. */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { PhoneReader } from '../flow/validation/phone-reader';

export const libphonenumberReader: PhoneReader = {
  toE164(text, country) {
    const parsed = parsePhoneNumberFromString(text, country.toUpperCase() as CountryCode);
    return parsed?.isValid() ? parsed.number : undefined;
  },
};
