import { describe, expect, it } from 'vitest';
import { hasLinkToActivate, homeView, initialMode } from './home-view';
import { appInfo } from './test-support';

describe('home view', () => {
  it('starts in register mode only for <passage-register> or when asked', () => {
    expect(initialMode('auth')).toBe('login');
    expect(initialMode('auth', true)).toBe('register');
    expect(initialMode('login', true)).toBe('login');
    expect(initialMode('register')).toBe('register');
  });

  it('prefills the remembered login and flags closed registration', () => {
    const view = homeView(appInfo({ public_signup: false }), {
      element: 'register',
      mode: 'register',
      defaultCountryCode: 'gb',
      lastLogin: 'ann@example.com',
      conditionalUI: false,
    });
    expect(view).toMatchObject({
      canToggle: false,
      registrationNotAllowed: true,
      lastLogin: 'ann@example.com',
      identifier: 'ann@example.com',
      defaultCountryCode: 'gb',
    });
  });

  it('knows pages opened from a link', () => {
    expect(hasLinkToActivate('?psg_magic_link=x')).toBe(true);
    expect(hasLinkToActivate('?a=1&psg_verify_link=x')).toBe(true);
    expect(hasLinkToActivate('?psg=1')).toBe(false);
  });
});
