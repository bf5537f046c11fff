import { enFirst, type MessageKey, type Messages } from './en';
import { format, formatParts, type Params } from './format';
import { directionOf, type Language, loaders, pickLanguage } from './languages';

/** What views receive: the active language's strings, with English for anything missing. */
export interface Translator {
  readonly lang: Language;
  readonly dir: 'ltr' | 'rtl';
  /** The message as text. */
  t(key: MessageKey, params?: Params): string;
  /** The message as parts, so placeholders can hold elements (e.g. a bold identifier). */
  parts<T>(key: MessageKey, params: Params<T>): (string | T)[];
}

/**
 * The English catalogue: the first screen's strings now, the later views' once their chunk loads.
 * Missing keys of any language fall back to it.
 */
const englishMessages: Partial<Messages> = { ...enFirst };

/** Adds English strings that arrive with a lazily loaded chunk (the later views). */
export function addEnglish(messages: Partial<Messages>): void {
  Object.assign(englishMessages, messages);
}

export function createTranslator(lang: Language, messages: Partial<Messages> = englishMessages): Translator {
  const raw = (key: MessageKey) => messages[key] ?? englishMessages[key] ?? key;
  return {
    lang,
    dir: directionOf(lang),
    t: (key, params) => format(raw(key), params),
    parts: (key, params) => formatParts(raw(key), params),
  };
}

/** English, available synchronously so the first render never waits on a download. */
export const english: Translator = createTranslator('en');

const cache = new Map<Language, Promise<Translator>>([['en', Promise.resolve(english)]]);

/**
 * Loads the translator for the best bundled match of the candidates (see `pickLanguage`). A language
 * chunk that fails to load falls back to English silently.
 */
export function loadTranslator(candidates: readonly (string | null | undefined)[]): Promise<Translator> {
  const lang = pickLanguage(candidates);
  let pending = cache.get(lang);
  if (!pending) {
    pending = loaders[lang as Exclude<Language, 'en'>]()
      .then((messages) => createTranslator(lang, messages))
      .catch(() => {
        cache.delete(lang);
        return english;
      });
    cache.set(lang, pending);
  }
  return pending;
}
