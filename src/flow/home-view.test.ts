import { describe, expect, it } from 'vitest';
import { homeView, initialMode, linkToActivate, withCountry } from './home-view';
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

  it('keeps the country carried over from the other mode over the attribute', () => {
    const options = {
      element: 'auth',
      mode: 'register',
      defaultCountryCode: 'us',
      conditionalUI: false,
    } as const;
    const carried = homeView(appInfo(), { ...options, pickedCountry: 'gb' });
    expect(withCountry(carried, 'us').defaultCountryCode).toBe('gb');
    // Without one, the form follows the attribute as it changes.
    expect(withCountry(homeView(appInfo(), options), 'de').defaultCountryCode).toBe('de');
  });

  it('knows pages opened from a link', () => {
    expect(linkToActivate('?psg_magic_link=x')).toEqual({ link: 'login', token: 'x' });
    expect(linkToActivate('?a=1&psg_verify_link=y')).toEqual({ link: 'verify', token: 'y' });
    expect(linkToActivate('?psg=1')).toBeUndefined();
  });
});
