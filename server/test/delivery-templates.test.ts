import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../src/delivery/backoff.js';
import type { MessageKind } from '../src/delivery/outgoing-message.js';
import { renderMessage } from '../src/delivery/templates/render.js';

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
  it.each(['en', 'de', 'fr', 'es'])(
    'renders every kind in %s with subject, text, HTML and SMS',
    (language) => {
      for (const kind of kinds) {
        const out = renderMessage({ kind, language, params });
        expect(out.subject.length, `${kind} subject`).toBeGreaterThan(5);
        expect(out.subject).toContain('Demo');
        expect(out.text).toContain('Demo');
        expect(out.html).toMatch(/^<!doctype html>/);
        expect(out.sms.length).toBeGreaterThan(5);
      }
    },
  );

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
