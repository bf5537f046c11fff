import { describe, expect, it } from 'vitest';
import { enFirst } from './en';
import { enSteps } from './en-steps';
import { enMetadata } from './en-metadata';
import { socialEn } from './social/en';
import { format, formatParts, placeholdersOf } from './format';
import { directionOf, LANGUAGES, loaders, pickLanguage, primarySubtag } from './languages';
import { addEnglish, createTranslator, english, loadTranslator } from './translator';

const en = { ...enFirst, ...enSteps, ...enMetadata, ...socialEn };
addEnglish(enSteps);
addEnglish(enMetadata);
addEnglish(socialEn);

describe('bundled languages', () => {
  it('ships English and at least nine more, one of them right-to-left', () => {
    expect(LANGUAGES[0]).toBe('en');
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(10);
    expect(LANGUAGES.some((lang) => directionOf(lang) === 'rtl')).toBe(true);
  });

  for (const lang of Object.keys(loaders) as (keyof typeof loaders)[]) {
    it(`${lang} translates every English key with the same placeholders`, async () => {
      const { default: messages } = await loaders[lang]();
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const translated = messages[key as keyof typeof en];
        expect(translated.trim(), `${lang}:${key}`).not.toBe('');
        expect(placeholdersOf(translated), `${lang}:${key}`).toEqual(placeholdersOf(text));
      }
    });
  }
});

describe('English reference', () => {
  it('splits into first-screen, later, registration-field and social strings without overlap', () => {
    const keys = [enFirst, enSteps, enMetadata, socialEn].flatMap((part) => Object.keys(part));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('words the sign-in messages in one voice (docs/sign-in-elements.md#wording)', () => {
    const t = english.t;
    expect(`${t('dont-have-an-account')} ${t('register-here')}`).toBe("Don't have an account? Register");
    expect(`${t('already-have-an-account')} ${t('login-here')}`).toBe('Already have an account? Sign in');
    expect(t('welcome-back-sign-in-as')).toBe('Welcome back, sign in as');
    expect(t('switch-account')).toBe('Switch account');
    expect(t('not-recognized', { 0: t('email-capitalized') })).toBe('Email not recognized.');
    expect(t('not-recognized', { 0: t('phone-capitalized') })).toBe('Phone number not recognized.');
    expect(t('account-already-exists', { 0: t('phone-number') })).toBe(
      'An account already exists for this phone number.',
    );
    expect(t('code-invalid-or-expired')).toBe('Code is invalid or expired. Please try again.');
    expect(t('passkey-create-fail-try-code')).toBe(
      'Unable to create a passkey. Try again or register with a one-time code.',
    );
    expect(t('passkey-login-fail-try-code')).toBe(
      'Unable to sign in with a passkey. Try again or sign in with a one-time code.',
    );
    expect(t('please-verify-identifier-email', { action: t('login') })).toBe(
      'Please verify your email to complete sign-in.',
    );
    expect(t('successfully-logged-in-redirect')).toBe('You are signed in. Redirecting…');
    expect(t('failed-to-add-this-device')).toBe('The passkey could not be added. Please try again.');
    expect(t('public-registration-not-allowed')).toBe('Public registration is not allowed.');
    expect(t('64-letters-max')).toBe('Use at most 63 characters.');
  });
});

describe('format', () => {
  it('fills named placeholders and leaves unknown ones literal', () => {
    expect(format('{a} and {b}', { a: 'x', b: 2 })).toBe('x and 2');
    expect(format('{a} and {missing}', { a: 'x' })).toBe('x and {missing}');
  });

  it('keeps non-text values as parts so views can interpolate elements', () => {
    const bold = { tag: 'b' };
    expect(formatParts('Sent to {who}. Enter it.', { who: bold })).toEqual(['Sent to ', bold, '. Enter it.']);
  });
});

describe('language choice', () => {
  it('takes the first candidate whose primary subtag is bundled, else English', () => {
    expect(pickLanguage(['pt-BR', 'de'])).toBe('pt');
    expect(pickLanguage([undefined, 'sv-SE', 'nl'])).toBe('nl');
    expect(pickLanguage(['ja', null])).toBe('en');
    expect(primarySubtag('zh_Hant_TW')).toBe('zh');
  });

  it('marks Arabic right-to-left and loads it lazily', async () => {
    const t = await loadTranslator(['ar-EG']);
    expect(t.lang).toBe('ar');
    expect(t.dir).toBe('rtl');
    expect(t.t('continue')).toBe('متابعة');
  });

  it('falls back to English for keys a partial translation lacks', () => {
    const t = createTranslator('de', { continue: 'Weiter' });
    expect(t.t('continue')).toBe('Weiter');
    expect(t.t('resend')).toBe('Resend');
    expect(t.dir).toBe('ltr');
  });
});
