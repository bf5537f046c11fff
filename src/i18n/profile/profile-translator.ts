import { format, type Params } from '../format';
import { directionOf, primarySubtag } from '../languages';
import { type ProfileMessageKey, type ProfileMessages, profileEn } from './en';

/** Languages the profile ships, each but English a lazy chunk. */
export const PROFILE_LANGUAGES = ['en', 'de', 'es', 'fr', 'ar'] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

const loaders: Record<Exclude<ProfileLanguage, 'en'>, () => Promise<Partial<ProfileMessages>>> = {
  de: () => import('./locales/de').then((m) => m.profileDe),
  es: () => import('./locales/es').then((m) => m.profileEs),
  fr: () => import('./locales/fr').then((m) => m.profileFr),
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

/** The bundled language for the first candidate tag whose primary subtag we ship; English otherwise. */
export function pickProfileLanguage(candidates: readonly (string | null | undefined)[]): ProfileLanguage {
  for (const tag of candidates) {
    const primary = tag ? primarySubtag(tag) : '';
    if (primary && (PROFILE_LANGUAGES as readonly string[]).includes(primary))
      return primary as ProfileLanguage;
  }
  return 'en';
}

/** Loads the translator; a chunk that fails to load falls back to English silently (SPEC §7). */
export async function loadProfileTranslator(
  candidates: readonly (string | null | undefined)[],
): Promise<ProfileTranslator> {
  const lang = pickProfileLanguage(candidates);
  if (lang === 'en') return profileEnglish;
  try {
    return createProfileTranslator(lang, await loaders[lang]());
  } catch {
    return profileEnglish;
  }
}
