import { describe, expect, it } from 'vitest';
import { enFirst } from './en';
import { enSteps } from './en-steps';
import { enMetadata } from './en-metadata';
import { enProfile } from './en-profile';
import { placeholdersOf } from './format';
import { LANGUAGES, loaders } from './languages';
import { loadProfileTranslator, profileEnglish, profileLoaders } from './profile';
import { english } from './translator';

const signInEnglish: Record<string, string> = { ...enFirst, ...enSteps, ...enMetadata };
/** The profile's English: its own wording over the sign-in part's. */
const profileEn: Record<string, string> = { ...signInEnglish, ...enProfile };
const profileOnly = Object.keys(enProfile).filter((key) => !(key in signInEnglish));

describe('profile strings', () => {
  it('shows the English of the metadata and identifier rules, and its own wording where it differs', () => {
    const t = profileEnglish.t;
    expect(t('64-letters-max')).toBe('Use at most 63 characters.');
    expect(t('required')).toBe('This field is required.');
    expect(t('invalid-date')).toBe('Enter a valid date.');
    expect(t('enter-a-valid-email-address')).toBe('Enter a valid email address.');
    expect(t('successfully-changed-email')).toBe('Your email address has been changed.');
    expect(t('successfully-changed-phone')).toBe('Your phone number has been changed.');
    expect(t('failed-to-add-this-device')).toBe('Failed to add a passkey.');
    expect(english.t('failed-to-add-this-device')).toBe('The passkey could not be added. Please try again.');
  });

  it('words a key of both parts its own way in the profile only', () => {
    expect(profileEnglish.t('phone-number')).toBe('Phone number');
    expect(english.t('phone-number')).toBe('phone number');
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang} translates every key, with the same placeholders, and repeats no sign-in string`, async () => {
      const [{ default: signIn }, { default: profile }] = await Promise.all([
        loaders[lang](),
        profileLoaders[lang](),
      ]);
      const own: Record<string, string> = profile;
      for (const key of profileOnly) expect(own[key], `${lang} ${key}`).toBeTypeOf('string');
      for (const [key, text] of Object.entries(own)) {
        expect(key in profileEn, `${lang} ${key}`).toBe(true);
        expect(placeholdersOf(text), `${lang} ${key}`).toEqual(placeholdersOf(profileEn[key] as string));
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
        if (key in signIn)
          expect(text, `${lang} ${key} repeats the sign-in part`).not.toBe(
            signIn[key as keyof typeof signIn],
          );
      }
      const translator = await loadProfileTranslator([lang]);
      expect(translator.lang).toBe(lang);
      expect(translator.t('my-passkeys')).toBe(own['my-passkeys']);
      expect(translator.t('required')).toBe(signIn.required);
    });
  }

  it('picks the first bundled language, reads right-to-left for Arabic and fills placeholders', async () => {
    expect((await loadProfileTranslator([undefined, 'de-AT', 'fr'])).lang).toBe('de');
    expect((await loadProfileTranslator(['ja', 'pt-BR'])).lang).toBe('pt');
    expect(await loadProfileTranslator(['ja'])).toBe(profileEnglish);
    const ar = await loadProfileTranslator(['ar-EG']);
    expect(ar.dir).toBe('rtl');
    expect(ar.t('delete-device-label', { name: 'Key' })).toBe('حذف Key');
    expect((await loadProfileTranslator(['zh-CN'])).dir).toBe('ltr');
    expect(profileEnglish.t('showing-page-of-n', { first: 1, last: 10, total: 25 })).toBe('1–10 of 25');
  });
});
