import type { Messages } from './en';

/** Every bundled language. English ships in the main chunk; each other one is its own lazy chunk. */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'pt', 'pl', 'nl', 'zh', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Loaders for the non-English languages; a literal import() each, so bundlers split them. */
export const loaders: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  de: () => import('./locales/de').then((m) => m.de),
  es: () => import('./locales/es').then((m) => m.es),
  fr: () => import('./locales/fr').then((m) => m.fr),
  it: () => import('./locales/it').then((m) => m.it),
  pt: () => import('./locales/pt').then((m) => m.pt),
  pl: () => import('./locales/pl').then((m) => m.pl),
  nl: () => import('./locales/nl').then((m) => m.nl),
  zh: () => import('./locales/zh').then((m) => m.zh),
  ar: () => import('./locales/ar').then((m) => m.ar),
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
