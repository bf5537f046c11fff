import { describe, expect, it } from 'vitest';
import { buildMagicLinkUrl } from '../src/magic-links/magic-link-url.js';

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

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'relative/path', ''])(
    'refuses %j, which would leave the app origin',
    (path) => {
      expect(() => buildMagicLinkUrl(origin, path, 'psg_magic_link', 't')).toThrow(/magic_link_path/);
    },
  );
});
