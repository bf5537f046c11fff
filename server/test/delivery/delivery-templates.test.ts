import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../src/delivery/backoff.js';
import type { MessageKind } from '../../src/delivery/outgoing-message.js';
import type { KindText } from '../../src/delivery/templates/catalog.js';
import { en } from '../../src/delivery/templates/en.js';
import { catalogs, renderMessage } from '../../src/delivery/templates/render.js';

/** The languages the widget ships, read from its source so a new widget language fails here until mail speaks it. */
const widgetLanguages = (() => {
  const source = readFileSync(new URL('../../../src/i18n/languages.ts', import.meta.url), 'utf8');
  const list = /export const LANGUAGES = \[([^\]]+)\]/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([a-z]{2,3})'/g)].map((match) => match[1] as string);
})();
const otherLanguages = widgetLanguages.filter((language) => language !== 'en');

/** Every text of one kind, named, in a fixed order (`action` and each `outro` line included). */
function texts(words: KindText): [string, string][] {
  return [
    ['subject', words.subject],
    ['intro', words.intro],
    ...(words.action === undefined ? [] : ([['action', words.action]] as [string, string][])),
    ...words.outro.map((line, i): [string, string] => [`outro[${i}]`, line]),
    ['sms', words.sms],
  ];
}
const placeholders = (text: string) => [...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]).sort();

const kinds: MessageKind[] = [
  'one-time-code',
  'magic-link',
  'verify-identifier',
  'contact',
  'passkey-added',
  'passkey-removed',
];
const params = {
  appName: 'Demo',
  code: '123456',
  link: 'https://app.example/passage?psg_magic_link=abc',
  deviceName: 'Laptop',
  name: 'Ada',
  email: 'ada@example.com',
  fields: JSON.stringify({ name: 'Ada', message: 'Hi' }),
};

describe('message templates', () => {
  it('has a catalog for exactly the languages the widget ships', () => {
    expect(widgetLanguages).toHaveLength(10);
    expect(Object.keys(catalogs).sort()).toEqual([...widgetLanguages].sort());
  });

  it.each(otherLanguages)(
    'translates every text of every kind in %s, with the same placeholders as English',
    (language) => {
      const catalog = catalogs[language];
      expect(catalog).toBeDefined();
      if (!catalog) return;
      expect(Object.keys(catalog.kinds).sort()).toEqual(Object.keys(en.kinds).sort());
      for (const kind of kinds) {
        const english = texts(en.kinds[kind]);
        const translated = texts(catalog.kinds[kind]);
        expect(
          translated.map(([name]) => name),
          kind,
        ).toEqual(english.map(([name]) => name));
        translated.forEach(([name, text], i) => {
          const [, englishText] = english[i] as [string, string];
          expect(placeholders(text), `${language} ${kind}.${name}`).toEqual(placeholders(englishText));
          expect(text, `${language} ${kind}.${name} is still English`).not.toBe(englishText);
          expect(text.trim().length, `${language} ${kind}.${name}`).toBeGreaterThan(0);
        });
      }
      for (const name of ['contactFields', 'footer'] as const) {
        expect(catalog[name], `${language} ${name}`).not.toBe(en[name]);
        expect(placeholders(catalog[name])).toEqual(placeholders(en[name]));
      }
    },
  );

  it.each(widgetLanguages)('puts the code and the link into the %s mails and SMS', (language) => {
    const code = renderMessage({ kind: 'one-time-code', language, params });
    for (const part of [code.text, code.html, code.sms]) expect(part).toContain('123456');
    expect(code.text).toContain(' 5');
    const link = renderMessage({ kind: 'magic-link', language, params });
    expect(link.html).toContain('href="https://app.example/passage?psg_magic_link=abc"');
    expect(link.sms).toContain('https://app.example/passage?psg_magic_link=abc');
    expect(link.text).toContain('10');
    const added = renderMessage({ kind: 'passkey-added', language, params });
    expect(added.text).toContain('Laptop');
    // No placeholder is left unfilled anywhere.
    for (const kind of kinds) {
      const out = renderMessage({ kind, language, params });
      for (const part of [out.subject, out.text, out.html, out.sms])
        expect(part).not.toMatch(/\{[A-Za-z]+\}/);
    }
  });

  it('writes Arabic mail right to left, the others left to right', () => {
    for (const language of widgetLanguages) {
      const { html } = renderMessage({ kind: 'magic-link', language, params });
      expect(html).toContain(`<html lang="${language}"`);
      if (language === 'ar') {
        expect(html).toContain('<html lang="ar" dir="rtl">');
        expect(html).toContain('<body dir="rtl"');
      } else {
        expect(html).not.toContain('dir="rtl"');
      }
    }
  });

  it.each(widgetLanguages)('renders every kind in %s with subject, text, HTML and SMS', (language) => {
    for (const kind of kinds) {
      const out = renderMessage({ kind, language, params });
      expect(out.subject.length, `${kind} subject`).toBeGreaterThan(5);
      expect(out.subject).toContain('Demo');
      expect(out.text).toContain('Demo');
      expect(out.html).toMatch(/^<!doctype html>/);
      expect(out.sms.length).toBeGreaterThan(5);
    }
  });

  it('speaks the language asked for and falls back to English', () => {
    expect(renderMessage({ kind: 'one-time-code', language: 'de-CH', params }).subject).toBe(
      'Ihr Anmeldecode für Demo',
    );
    expect(renderMessage({ kind: 'one-time-code', language: 'fr', params }).text).toContain('123456');
    expect(renderMessage({ kind: 'one-time-code', language: 'xx', params }).subject).toBe(
      'Your Demo sign-in code',
    );
  });

  it('puts the code and the link in the text, HTML and SMS, with the default lifetime', () => {
    const code = renderMessage({
      kind: 'one-time-code',
      language: 'en',
      params: { appName: 'Demo', code: '654321' },
    });
    expect(code.text).toContain('654321');
    expect(code.text).toContain('5 minutes');
    expect(code.html).toContain('654321');
    expect(code.sms).toBe('654321 is your Demo code. It expires in 5 minutes.');
    expect(code.subject).not.toContain('654321');
    const link = renderMessage({ kind: 'magic-link', language: 'en', params });
    expect(link.html).toContain('href="https://app.example/passage?psg_magic_link=abc"');
    expect(link.text).toContain('10 minutes');
  });

  it('escapes HTML and keeps the subject on one line', () => {
    const out = renderMessage({
      kind: 'contact',
      language: 'en',
      params: {
        appName: 'Demo',
        name: 'Eve\r\nBcc: victim@example.com',
        fields: JSON.stringify({ message: '<script>alert(1)</script>' }),
      },
    });
    expect(out.subject).not.toMatch(/[\r\n]/);
    expect(out.html).not.toContain('<script>');
    expect(out.html).toContain('&lt;script&gt;');
    expect(out.text).toContain('message: <script>alert(1)</script>');
  });

  it('never turns a non-web link into a button', () => {
    const out = renderMessage({
      kind: 'magic-link',
      language: 'en',
      params: { appName: 'Demo', link: 'javascript:alert(1)' },
    });
    expect(out.html).not.toContain('href="javascript');
  });
});

describe('retry back-off', () => {
  it('doubles from the base up to the cap, with bounded jitter', () => {
    const policy = { baseMs: 1000, maxMs: 60_000 };
    const mid = () => 0.5;
    expect(retryDelayMs(1, policy, mid)).toBe(1000);
    expect(retryDelayMs(2, policy, mid)).toBe(2000);
    expect(retryDelayMs(4, policy, mid)).toBe(8000);
    expect(retryDelayMs(40, policy, mid)).toBe(60_000);
    expect(retryDelayMs(1, policy, () => 0)).toBe(800);
    expect(retryDelayMs(1, policy, () => 1)).toBe(1200);
  });
});
