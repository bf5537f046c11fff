import { enSteps } from './en-steps';
import { enMetadata } from './en-metadata';
import { enProfile } from './en-profile';
import { socialEn } from './social/en';
import type { ProfileMessages } from './en';
import { type Language, loaders, pickLanguage } from './languages';
import { addEnglish, cachedTranslator, createTranslator, type Translator } from './translator';

/**
 * The profile's part of the catalogue (en-profile.ts, locales/*-profile.ts): loaded with
 * `<passage-profile>` only, so the sign-in elements never download it. The profile also shows strings
 * of the sign-in part, so it loads a language's sign-in part beside its own.
 */
addEnglish(enSteps);
addEnglish(enMetadata);
addEnglish(socialEn);

/** Loaders of the non-English profile parts; a literal import() each, so bundlers split them. */
export const profileLoaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: ProfileMessages }>> = {
  de: () => import('./locales/de-profile'),
  es: () => import('./locales/es-profile'),
  fr: () => import('./locales/fr-profile'),
  it: () => import('./locales/it-profile'),
  pt: () => import('./locales/pt-profile'),
  pl: () => import('./locales/pl-profile'),
  nl: () => import('./locales/nl-profile'),
  zh: () => import('./locales/zh-profile'),
  ar: () => import('./locales/ar-profile'),
};

/** English as the profile words it: its own strings over the sign-in part's. */
export const profileEnglish: Translator = createTranslator('en', enProfile);

/** Loads the profile's translator for the best bundled match of the candidates (see `pickLanguage`). */
export function loadProfileTranslator(
  candidates: readonly (string | null | undefined)[],
): Promise<Translator> {
  const lang = pickLanguage(candidates);
  if (lang === 'en') return Promise.resolve(profileEnglish);
  return cachedTranslator(`${lang} profile`, async () => {
    const [signIn, profile] = await Promise.all([loaders[lang](), profileLoaders[lang]()]);
    return createTranslator(lang, { ...enProfile, ...signIn.default, ...profile.default });
  });
}
