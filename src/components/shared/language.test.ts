import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageCandidates, LanguageLoader } from './language';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('navigator', { languages: ['fr-CA', 'fr'], language: 'fr-CA' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A loader that takes `ms[first candidate]` of (fake) time and answers with that candidate. */
function slowLoader(ms: Record<string, number>) {
  return (candidates: readonly (string | null | undefined)[]) =>
    new Promise<string>((resolve) => {
      const lang = candidates[0] ?? 'none';
      setTimeout(() => resolve(lang), ms[lang] ?? 0);
    });
}

describe('language loading', () => {
  it('tries the lang attribute, the browser, then the app default', () => {
    expect(languageCandidates('de', 'it')).toEqual(['de', 'fr-CA', 'fr', 'it']);
    vi.stubGlobal('navigator', { language: 'pl' });
    expect(languageCandidates('', undefined)).toEqual(['', 'pl', undefined]);
  });

  it('applies a load that finishes in order', async () => {
    const applied: string[] = [];
    const loader = new LanguageLoader(slowLoader({ de: 10 }), (t) => applied.push(t));
    const done = loader.load('de');
    await vi.advanceTimersByTimeAsync(10);
    await done;
    expect(applied).toEqual(['de']);
  });

  it('drops a slower, older load that finishes after a newer one', async () => {
    const applied: string[] = [];
    const loader = new LanguageLoader(slowLoader({ ar: 500, de: 10 }), (t) => applied.push(t));
    const older = loader.load('ar', 'en');
    const newer = loader.load('de', 'en');
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([older, newer]);
    expect(applied).toEqual(['de']);
  });
});
