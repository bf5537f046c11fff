import { describe, expect, it } from 'vitest';
import { buildMagicLinkUrl } from '../../src/magic-links/magic-link-url.js';

describe('buildMagicLinkUrl', () => {
  const origin = 'https://app.example.com';

  it('merges the token into the query, before the fragment', () => {
    expect(buildMagicLinkUrl(origin, '/login?next=x#frag', 'psg_magic_link', 'T0k')).toBe(
      'https://app.example.com/login?next=x&psg_magic_link=T0k#frag',
    );
    expect(buildMagicLinkUrl(`${origin}/`, '/', 'psg_verify_link', 'abc')).toBe(
      'https://app.example.com/?psg_verify_link=abc',
    );
  });

  it('replaces a stale link parameter instead of repeating it', () => {
    expect(buildMagicLinkUrl(origin, '/p?psg_magic_link=old', 'psg_magic_link', 'new')).toBe(
      'https://app.example.com/p?psg_magic_link=new',
    );
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    '\\/evil.example',
    'relative/path',
    '',
    // Harmless on their own once resolved, but their path starts with "//" after normalisation, which
    // any page that later uses it as a relative URL would read as another host.
    '/.//evil.example',
    '/./\\evil.example',
    '/a/../..//evil.example',
    '/%2e/%2e//evil.example',
    // The URL parser drops tabs and line breaks: "/\t/evil.example" would become "//evil.example".
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/x\u0000y',
  ])('refuses %j, which would leave the app origin', (path) => {
    expect(() => buildMagicLinkUrl(origin, path, 'psg_magic_link', 't')).toThrow(/magic_link_path/);
  });

  it.each([
    ['/%2f%2fevil.example', 'https://app.example.com/%2f%2fevil.example?psg_magic_link=t'],
    ['/a/../b', 'https://app.example.com/b?psg_magic_link=t'],
    ['/a/./b/', 'https://app.example.com/a/b/?psg_magic_link=t'],
    ['/..', 'https://app.example.com/?psg_magic_link=t'],
  ])('keeps %j on the app origin, normalised', (path, link) => {
    expect(buildMagicLinkUrl(origin, path, 'psg_magic_link', 't')).toBe(link);
  });
});
