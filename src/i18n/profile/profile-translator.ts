import { format, type Params } from '../format';
import { directionOf, type Language, LANGUAGES, pickLanguage } from '../languages';
import { type ProfileMessageKey, type ProfileMessages, profileEn } from './en';

/** The profile ships the languages of the sign-in elements, each but English a lazy chunk. */
export const PROFILE_LANGUAGES = LANGUAGES;
export type ProfileLanguage = Language;

/** Loaders of the non-English profile strings; a literal import() each, so bundlers split them. */
export const profileLoaders: Record<Exclude<ProfileLanguage, 'en'>, () => Promise<ProfileMessages>> = {
  de: () => import('./locales/de').then((m) => m.profileDe),
  es: () => import('./locales/es').then((m) => m.profileEs),
  fr: () => import('./locales/fr').then((m) => m.profileFr),
  it: () => import('./locales/it').then((m) => m.profileIt),
  pt: () => import('./locales/pt').then((m) => m.profilePt),
  pl: () => import('./locales/pl').then((m) => m.profilePl),
  nl: () => import('./locales/nl').then((m) => m.profileNl),
  zh: () => import('./locales/zh').then((m) => m.profileZh),
  ar: () => import('./locales/ar').then((m) => m.profileAr),
};

export interface ProfileTranslator {
  readonly lang: ProfileLanguage;
  readonly dir: 'ltr' | 'rtl';
  t(key: ProfileMessageKey, params?: Params): string;
}

export function createProfileTranslator(
  lang: ProfileLanguage,
  messages: Partial<ProfileMessages> = profileEn,
): ProfileTranslator {
  return {
    lang,
    dir: directionOf(lang),
    t: (key, params) => format(messages[key] ?? profileEn[key], params),
  };
}

export const profileEnglish = createProfileTranslator('en');

/** The bundled language for the first candidate tag whose primary subtag we ship; English otherwise
 * (the sign-in elements' rule). */
export const pickProfileLanguage: (candidates: readonly (string | null | undefined)[]) => ProfileLanguage =
  pickLanguage;

/** Loads the translator; a chunk that fails to load falls back to English silently. */
export async function loadProfileTranslator(
  candidates: readonly (string | null | undefined)[],
): Promise<ProfileTranslator> {
  const lang = pickProfileLanguage(candidates);
  if (lang === 'en') return profileEnglish;
  try {
    return createProfileTranslator(lang, await profileLoaders[lang]());
  } catch {
    return profileEnglish;
  }
}
