import { describe, expect, it } from 'vitest';
import { enFirst } from './en';
import { enSteps } from './en-steps';
import { enMetadata } from './en-metadata';
import { enProfile } from './en-profile';
import { socialEn } from './social/en';
import { LANGUAGES, loaders } from './languages';
import { profileLoaders } from './profile';

type Entries = [key: string, text: string][];

/** Every English string: the sign-in part's and the profile's (its own wording of a sign-in key too). */
const english: Entries = [enFirst, enSteps, enMetadata, socialEn, enProfile].flatMap((part) =>
  Object.entries(part),
);
const englishText = (key: string) => english.filter(([k]) => k === key).map(([, text]) => text);

/**
 * Words the views put into other sentences (`{0}`, `{action}`), so they start as the sentence around
 * them needs, lower-case in English, and may be hyphenated ("sign-in", "e-mail"). Every other string
 * is a sentence, a title or a label.
 */
const FRAGMENTS = new Set(['email', 'phone-number', 'login', 'registration']);

/** Lower-case words joined by hyphens: text that reads like a message key, not a message. */
const KEY_LIKE = /^[\p{Ll}\d]+(-[\p{Ll}\d]+)+$/u;

/** Strings that start lower-case though they are no fragment (`ar` and `zh` have no case). */
function lowerCaseStarts(entries: Entries): string[] {
  return entries.filter(([key, text]) => !FRAGMENTS.has(key) && /^\p{Ll}/u.test(text)).map(([key]) => key);
}

function keyLike(entries: Entries): string[] {
  return entries.filter(([key, text]) => !FRAGMENTS.has(key) && KEY_LIKE.test(text)).map(([key]) => key);
}

/** Every string of a language: its sign-in part's and its profile part's. */
async function entriesOf(lang: Exclude<(typeof LANGUAGES)[number], 'en'>): Promise<Entries> {
  const [signIn, profile] = await Promise.all([loaders[lang](), profileLoaders[lang]()]);
  return [...Object.entries(signIn.default), ...Object.entries(profile.default)];
}

describe('one voice (docs/sign-in-elements.md#wording)', () => {
  it('says "sign in", never "log in" or "login", in English', () => {
    const logIn = english.filter(([, text]) => /\blog(?:ged|ging)?[\s-]?in(?:to)?\b/i.test(text));
    expect(logIn.map(([key]) => key)).toEqual([]);
    expect(englishText('login-title')).toEqual(['Sign in']);
    expect(englishText('login-here')).toEqual(['Sign in']);
  });

  it('has no English text that reads like a key or starts lower-case', () => {
    expect(keyLike(english)).toEqual([]);
    expect(lowerCaseStarts(english)).toEqual([]);
  });

  it('ends every English error and explanation with a full stop', () => {
    const sentences = [
      'account-no-longer-active',
      'account-already-exists',
      'public-registration-not-allowed',
      'unexpected-error',
      'enter-a-valid-email-address',
      'successfully-changed-email',
      'link-invalid',
      'login-link-invalid',
      'verification-failed-please-try-again',
      'failed-to-add-this-device',
      'passkeys-are-required',
      'required',
      'invalid-date',
      'social-access-denied',
      'social-invalid-state',
      'social-account-exists',
      'social-failed',
    ];
    for (const key of sentences) {
      expect(englishText(key), key).not.toEqual([]);
      for (const text of englishText(key)) expect(text, key).toMatch(/[.!?]$/);
    }
    // And any text of more than one sentence ends as one.
    const unfinished = english.filter(([, text]) => /[.!?] /.test(text) && !/[.!?…]$/.test(text));
    expect(unfinished.map(([key]) => key)).toEqual([]);
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang} has every key, none of its texts reads like a key or starts lower-case`, async () => {
      const entries = await entriesOf(lang);
      const keys = new Set(entries.map(([key]) => key));
      expect(english.filter(([key]) => !keys.has(key)).map(([key]) => key)).toEqual([]);
      expect(keyLike(entries)).toEqual([]);
      expect(lowerCaseStarts(entries)).toEqual([]);
    });
  }

  // The inline Change beside the identifier shows "Change" and is named "Change email": a screen
  // reader's name must hold the visible word (speech input users say what they see).
  for (const lang of LANGUAGES) {
    it(`${lang} names Change so that its name holds the visible word`, async () => {
      const text = lang === 'en' ? Object.fromEntries(english) : Object.fromEntries(await entriesOf(lang));
      const change = (text['change'] as string).toLocaleLowerCase(lang);
      for (const key of ['change-email', 'change-phone'])
        expect((text[key] as string).toLocaleLowerCase(lang), `${lang} ${key}`).toContain(change);
    });
  }
});
