import { enLater } from './en-later';
import { enMetadata } from './en-metadata';
import { enProfile } from './en-profile';
import type { ProfileMessages } from './en';
import { type Language, loaders, pickLanguage } from './languages';
import { addEnglish, cachedTranslator, createTranslator, type Translator } from './translator';

/**
 * The profile's part of the catalogue (en-profile.ts, locales/*-profile.ts): loaded with
 * `<passage-profile>` only, so the sign-in elements never download it. The profile also shows strings
 * of the sign-in part, so it loads a language's sign-in part beside its own.
 */
addEnglish(enLater);
addEnglish(enMetadata);

/** Loaders of the non-English profile parts; a literal import() each, so bundlers split them. */
export const profileLoaders: Record<Exclude<Language, 'en'>, () => Promise<ProfileMessages>> = {
  de: () => import('./locales/de-profile').then((m) => m.profileDe),
  es: () => import('./locales/es-profile').then((m) => m.profileEs),
  fr: () => import('./locales/fr-profile').then((m) => m.profileFr),
  it: () => import('./locales/it-profile').then((m) => m.profileIt),
  pt: () => import('./locales/pt-profile').then((m) => m.profilePt),
  pl: () => import('./locales/pl-profile').then((m) => m.profilePl),
  nl: () => import('./locales/nl-profile').then((m) => m.profileNl),
  zh: () => import('./locales/zh-profile').then((m) => m.profileZh),
  ar: () => import('./locales/ar-profile').then((m) => m.profileAr),
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
    return createTranslator(lang, { ...enProfile, ...signIn, ...profile });
  });
}
