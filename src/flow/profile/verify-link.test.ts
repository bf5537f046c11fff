import { describe, expect, it } from 'vitest';
import { readVerifyLink, confirmationPath } from './verify-link';

describe('the path a change confirmation link lands on', () => {
  it('is the given path, marked with the kind, keeping its own query and fragment', () => {
    expect(confirmationPath('/passageSuccess', 'email')).toBe('/passageSuccess?psg_verify_type=email');
    expect(confirmationPath('/account?tab=login#top', 'phone')).toBe(
      '/account?tab=login&psg_verify_type=phone#top',
    );
  });

  it('drops an old link token and an old kind, and keeps only the path of a full URL', () => {
    expect(confirmationPath('/me?psg_verify_link=old&psg_verify_type=phone', 'email')).toBe(
      '/me?psg_verify_type=email',
    );
    expect(confirmationPath('https://elsewhere.example/me', 'email')).toBe('/me?psg_verify_type=email');
    expect(confirmationPath('//elsewhere.example/me', 'email')).toBe('/me?psg_verify_type=email');
    expect(confirmationPath('', 'email')).toBe('/?psg_verify_type=email');
  });
});

describe('reading the link the page was opened with', () => {
  it('finds the token and the kind, and the address without them', () => {
    expect(
      readVerifyLink('http://localhost:8080/passageSuccess?psg_verify_type=email&psg_verify_link=abc-1'),
    ).toEqual({ token: 'abc-1', kind: 'email', cleanPath: '/passageSuccess' });
    expect(readVerifyLink('https://site.example/me?tab=2&psg_verify_link=t&psg_verify_type=phone#x')).toEqual(
      { token: 't', kind: 'phone', cleanPath: '/me?tab=2#x' },
    );
  });

  it('knows no kind when the link does not say one it knows', () => {
    expect(readVerifyLink('https://site.example/?psg_verify_link=t')).toMatchObject({ kind: null });
    expect(readVerifyLink('https://site.example/?psg_verify_link=t&psg_verify_type=fax')).toMatchObject({
      kind: null,
      cleanPath: '/',
    });
  });

  it('is nothing without a token (a sign-in link is not ours)', () => {
    expect(readVerifyLink('https://site.example/passageSuccess')).toBeNull();
    expect(readVerifyLink('https://site.example/?psg_verify_link=')).toBeNull();
    expect(readVerifyLink('https://site.example/?psg_magic_link=t')).toBeNull();
  });
});
