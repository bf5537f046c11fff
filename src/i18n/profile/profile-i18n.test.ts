import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../format';
import { LANGUAGES } from '../languages';
import { profileEn } from './en';
import {
  createProfileTranslator,
  loadProfileTranslator,
  pickProfileLanguage,
  PROFILE_LANGUAGES,
  profileLoaders,
} from './profile-translator';

describe('profile strings', () => {
  it('keeps the exact English of the metadata and identifier rules', () => {
    expect(profileEn['64-letters-max']).toBe('64 letters max');
    expect(profileEn.required).toBe('required');
    expect(profileEn['invalid-date']).toBe('invalid date');
    expect(profileEn['invalid-email']).toBe('invalid email');
    expect(profileEn['no-decimals']).toBe('no decimals');
    expect(profileEn['invalid-phone']).toBe('invalid phone');
    expect(profileEn['enter-a-valid-email-address']).toBe('enter a valid email address');
    expect(profileEn['successfully-changed-email']).toBe('successfully changed email');
    expect(profileEn['link-invalid']).toBe('link invalid');
    expect(profileEn['verification-failed-please-try-again']).toBe('verification failed please try again');
  });

  it('ships every language of the sign-in elements', () => {
    expect(PROFILE_LANGUAGES).toEqual(LANGUAGES);
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang} translates every key, with the same placeholders`, async () => {
      const messages = await profileLoaders[lang]();
      expect(Object.keys(messages).sort()).toEqual(Object.keys(profileEn).sort());
      for (const [key, text] of Object.entries(profileEn)) {
        const translated = messages[key as keyof typeof profileEn];
        expect(placeholdersOf(translated), `${lang} ${key}`).toEqual(placeholdersOf(text));
        expect(translated.trim(), `${lang} ${key}`).not.toBe('');
      }
      const translator = await loadProfileTranslator([lang]);
      expect(translator.lang).toBe(lang);
      expect(translator.t('my-passkeys')).toBe(messages['my-passkeys']);
    });
  }

  it('picks the first bundled language, reads right-to-left for Arabic and fills placeholders', async () => {
    expect(pickProfileLanguage([undefined, 'de-AT', 'fr'])).toBe('de');
    expect(pickProfileLanguage(['ja', 'pt-BR'])).toBe('pt');
    expect(pickProfileLanguage(['ja'])).toBe('en');
    const ar = await loadProfileTranslator(['ar-EG']);
    expect(ar.dir).toBe('rtl');
    expect(ar.t('delete-device-label', { name: 'Key' })).toBe('حذف Key');
    expect((await loadProfileTranslator(['zh-CN'])).dir).toBe('ltr');
    expect(createProfileTranslator('en').t('showing-page-of-n', { first: 1, last: 10, total: 25 })).toBe(
      '1–10 of 25',
    );
  });
});
