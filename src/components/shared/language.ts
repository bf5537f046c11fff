import { latest } from '../../flow/latest';

/** The languages to try, best first: the `lang` attribute, the browser's, then the app's default. */
export function languageCandidates(
  lang: string | undefined,
  appDefault: string | undefined,
): (string | undefined)[] {
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])];
  return [lang, ...browser, appDefault];
}

/**
 * Loads an element's translator (sign-in or profile: `load` is `loadTranslator` or
 * `loadProfileTranslator`) and hands it to `apply`; when loads overlap (the `lang` attribute changed
 * while the app's default was still loading) only the latest one applies.
 *
 * ```ts
 * private readonly language = new LanguageLoader(loadTranslator, (t) => (this.translator = t));
 * @Watch('lang') langChanged() { void this.language.load(this.lang, this.app?.default_language); }
 * ```
 */
export class LanguageLoader<T> {
  private readonly loads = latest();

  constructor(
    private readonly loadTranslator: (candidates: readonly (string | null | undefined)[]) => Promise<T>,
    private readonly apply: (translator: T) => void,
  ) {}

  /** Resolves once this load has applied, or was overtaken by a newer one. */
  async load(lang: string | undefined, appDefault?: string): Promise<void> {
    const fresh = this.loads.next();
    const translator = await this.loadTranslator(languageCandidates(lang, appDefault));
    if (fresh()) this.apply(translator);
  }
}
