import type { Messages } from './en';

/** Every bundled language. English ships in the main chunk; each other one is its own lazy chunk. */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'pt', 'pl', 'nl', 'zh', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Loaders for the non-English languages; a literal import() each, so bundlers split them. */
export const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  it: () => import('./locales/it'),
  pt: () => import('./locales/pt'),
  pl: () => import('./locales/pl'),
  nl: () => import('./locales/nl'),
  zh: () => import('./locales/zh'),
  ar: () => import('./locales/ar'),
};

const RTL = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi']);

/** `rtl` for right-to-left scripts, judged by the primary subtag (`ar-EG` → `ar`). */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  return RTL.has(primarySubtag(tag)) ? 'rtl' : 'ltr';
}

/** `pt-BR` → `pt`; the language sent with one-time codes and magic links. */
export function primarySubtag(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * The bundled language to show: the first of the candidates (the `lang` attribute, the browser's
 * languages, the app's default_language) whose primary subtag we ship; English otherwise.
 */
export function pickLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const tag of candidates) {
    if (!tag) continue;
    const primary = primarySubtag(tag);
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
  }
  return 'en';
}
