import { type Catalogue, enFirst, type MessageKey } from './en';
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
const englishMessages: Catalogue = { ...enFirst };

/** Adds English strings that arrive with a lazily loaded chunk (the later views). */
export function addEnglish(messages: Catalogue): void {
  Object.assign(englishMessages, messages);
}

export function createTranslator(lang: Language, messages: Catalogue = englishMessages): Translator {
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

const cache = new Map<string, Promise<Translator>>([['en', Promise.resolve(english)]]);

/**
 * The translator `load` makes, made once per `key` (a language, or a language and a part of the
 * catalogue). A chunk that fails to load falls back to English silently, and is tried again next time.
 */
export function cachedTranslator(key: string, load: () => Promise<Translator>): Promise<Translator> {
  let pending = cache.get(key);
  if (!pending) {
    pending = load().catch(() => {
      cache.delete(key);
      return english;
    });
    cache.set(key, pending);
  }
  return pending;
}

/** Loads the sign-in translator for the best bundled match of the candidates (see `pickLanguage`). */
export function loadTranslator(candidates: readonly (string | null | undefined)[]): Promise<Translator> {
  const lang = pickLanguage(candidates);
  return cachedTranslator(lang, () =>
    loaders[lang as Exclude<Language, 'en'>]().then((module) => createTranslator(lang, module.default)),
  );
}
