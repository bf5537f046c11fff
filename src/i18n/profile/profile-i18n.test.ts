import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../format';
import { profileEn } from './en';
import { profileAr } from './locales/ar';
import { profileDe } from './locales/de';
import { profileEs } from './locales/es';
import { profileFr } from './locales/fr';
import { createProfileTranslator, loadProfileTranslator, pickProfileLanguage } from './profile-translator';

const locales = { de: profileDe, es: profileEs, fr: profileFr, ar: profileAr };

describe('profile strings', () => {
  it('keeps the exact English of the SPEC for the metadata and identifier rules', () => {
    expect(profileEn['64-letters-max']).toBe('64 letters max');
    expect(profileEn.required).toBe('required');
    expect(profileEn['invalid-date']).toBe('invalid date');
    expect(profileEn['invalid-email']).toBe('invalid email');
    expect(profileEn['no-decimals']).toBe('no decimals');
    expect(profileEn['invalid-phone']).toBe('invalid phone');
    expect(profileEn['enter-a-valid-email-address']).toBe('enter a valid email address');
  });

  for (const [lang, messages] of Object.entries(locales)) {
    it(`${lang} translates every key with the same placeholders`, () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(profileEn).sort());
      for (const [key, text] of Object.entries(profileEn)) {
        expect(placeholdersOf(messages[key as keyof typeof profileEn]), key).toEqual(placeholdersOf(text));
      }
    });
  }

  it('picks the first bundled language, reads right-to-left for Arabic and fills placeholders', async () => {
    expect(pickProfileLanguage([undefined, 'de-AT', 'fr'])).toBe('de');
    expect(pickProfileLanguage(['ja'])).toBe('en');
    const ar = await loadProfileTranslator(['ar-EG']);
    expect(ar.dir).toBe('rtl');
    expect(ar.t('delete-device-label', { name: 'Key' })).toBe('حذف Key');
    expect(createProfileTranslator('en').t('showing-page-of-n', { first: 1, last: 10, total: 25 })).toBe(
      '1–10 of 25',
    );
  });
});
