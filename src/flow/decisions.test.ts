import { describe, expect, it } from 'vitest';
import { conditionalUiAllowed, NO_FEATURES } from '../client/features';
import {
  afterFallbackSuccess,
  afterUserCreated,
  fallbackMethodOf,
  identityVerificationRequired,
  isCompleteAuthResult,
  lastLoginIdentifier,
  defaultAttachment,
  passkeyFailureMessage,
  passkeyLoginVerifiesIdentity,
  promptDismissed,
  promptOnEntry,
  routeFallback,
  routeLogin,
} from './decisions';
import { tooManyAttempts } from './refusals';
import { needsPhoneReader } from './home-view';
import { appInfo, features, publicUser } from './test-support';

describe('fallback method', () => {
  it('defaults to magic link when absent', () => {
    const app = appInfo();
    delete app.auth_fallback_method;
    expect(fallbackMethodOf(app)).toBe('magic_link');
    expect(fallbackMethodOf(appInfo({ auth_fallback_method: 'none' }))).toBe('none');
  });
});

describe('CreatedUser', () => {
  it('registers a passkey when a security key is available and verification is not required', () => {
    expect(afterUserCreated(appInfo(), features({ securityKey: true }))).toBe('register-passkey');
  });
  it('falls back when verification is required', () => {
    expect(
      afterUserCreated(appInfo({ require_identifier_verification: true }), features({ securityKey: true })),
    ).toBe('fallback');
  });
  it('falls back without WebAuthn', () => {
    expect(afterUserCreated(appInfo(), features())).toBe('fallback');
    expect(afterUserCreated(appInfo(), NO_FEATURES)).toBe('fallback');
  });
});

describe('LoginUser', () => {
  const route = (
    types: ('passkey' | 'platform' | 'security_key')[],
    f: Parameters<typeof features>[0],
    more: {
      credIdKnown?: boolean;
      app?: Parameters<typeof appInfo>[0];
      user?: Parameters<typeof publicUser>[0];
    } = {},
  ) =>
    routeLogin({
      app: appInfo(more.app),
      user: publicUser({ webauthn_types: types, ...more.user }),
      identifierType: 'email',
      features: features(f),
      credIdKnown: more.credIdKnown ?? false,
    });

  it('shows the error screen without passkeys and without a fallback', () => {
    expect(route([], { platform: true }, { app: { auth_fallback_method: 'none' } })).toBe(
      'login-not-supported',
    );
  });
  it('falls back when the app demands verification of an unverified identifier', () => {
    const more = { app: { require_identifier_verification: true }, user: { email_verified: false } };
    expect(route(['passkey'], { syncedCredential: true }, more)).toBe('fallback');
  });
  it('verifies identity with a synced or cross-device credential and a passkey', () => {
    expect(route(['passkey'], { syncedCredential: true, credentialLookupNative: true })).toBe(
      'passkey-login',
    );
    expect(route(['passkey'], { crossDeviceCredential: true, credentialLookupNative: true })).toBe(
      'passkey-login',
    );
    expect(route(['platform'], { syncedCredential: true })).toBe('fallback');
  });
  it('uses a platform credential only when this browser knows its id', () => {
    expect(route(['platform'], { platform: true }, { credIdKnown: true })).toBe('passkey-login');
    expect(route(['platform'], { platform: true }, { credIdKnown: false })).toBe('fallback');
  });
  it('uses a security key', () => {
    expect(route(['security_key'], { securityKey: true })).toBe('passkey-login');
    expect(route(['security_key'], { securityKey: false })).toBe('fallback');
  });
  it('tries passkeys on a platform browser when there is no fallback', () => {
    expect(route(['platform'], { platform: true }, { app: { auth_fallback_method: 'none' } })).toBe(
      'passkey-login',
    );
  });
  it('tries a passkey on a platform browser whose credential lookup is not native', () => {
    expect(route(['passkey'], { platform: true, credentialLookupNative: false })).toBe('passkey-login');
    expect(route(['passkey'], { platform: true, credentialLookupNative: true })).toBe('fallback');
  });
  it('falls back when nothing fits or WebAuthn is unavailable', () => {
    expect(route([], { platform: true })).toBe('fallback');
    expect(
      routeLogin({
        app: appInfo(),
        user: publicUser({ webauthn_types: ['passkey'] }),
        identifierType: 'email',
        features: { ...NO_FEATURES, syncedCredential: true },
        credIdKnown: true,
      }),
    ).toBe('fallback');
  });
});

describe('identity verification', () => {
  const app = appInfo({ require_identifier_verification: true });
  it('looks at the identifier used', () => {
    const user = publicUser({ email_verified: true, phone_verified: false });
    expect(identityVerificationRequired(app, user, 'email')).toBe(false);
    expect(identityVerificationRequired(app, user, 'phone')).toBe(true);
    expect(identityVerificationRequired(appInfo(), user, 'phone')).toBe(false);
  });
});

describe('FallbackAuth', () => {
  it('routes by method', () => {
    expect(routeFallback('otp', false, NO_FEATURES)).toBe('one-time-code');
    expect(routeFallback('magic_link', true, NO_FEATURES)).toBe('magic-link-sent');
    expect(routeFallback('none', false, features({ platform: true }))).toBe('no-fallback');
    expect(routeFallback('none', true, NO_FEATURES)).toBe('device-not-supported');
    expect(routeFallback('none', true, features({ securityKey: true }))).toBe('no-fallback');
  });
});

describe('FallbackAuthSuccess', () => {
  it('offers a passkey only on a platform browser when the fallback was not chosen', () => {
    expect(afterFallbackSuccess(features({ platform: true }), false)).toBe('add-device');
    expect(afterFallbackSuccess(features({ platform: true }), true)).toBe('auth-success');
    expect(afterFallbackSuccess(features({ platform: false }), false)).toBe('auth-success');
  });
});

describe('messages and last login', () => {
  it('picks the passkey failure text by fallback', () => {
    expect(passkeyFailureMessage('create', 'otp')).toBe('passkey-create-fail-try-code');
    expect(passkeyFailureMessage('login', 'magic_link')).toBe('passkey-login-fail-try-link');
    expect(passkeyFailureMessage('login', 'none')).toBe('passkey-login-fail-no-fallback');
  });
  it('remembers the entered identifier, else email first when both', () => {
    const user = { email: 'ann@example.com', phone: '+12015550123' };
    expect(lastLoginIdentifier('both', 'typed@example.com', user)).toBe('typed@example.com');
    expect(lastLoginIdentifier('both', undefined, user)).toBe('ann@example.com');
    expect(lastLoginIdentifier('both', undefined, { email: '', phone: '+1' })).toBe('+1');
    expect(lastLoginIdentifier('phone', undefined, user)).toBe('+12015550123');
    expect(lastLoginIdentifier('email', undefined, { email: '', phone: '+1' })).toBeUndefined();
    expect(lastLoginIdentifier('email', undefined)).toBeUndefined();
  });
  it('needs both auth_token and redirect_url', () => {
    expect(isCompleteAuthResult({ auth_token: 't', redirect_url: '/' })).toBe(true);
    expect(isCompleteAuthResult({ auth_token: 't', redirect_url: '' })).toBe(false);
    expect(isCompleteAuthResult(undefined)).toBe(false);
  });
});

describe('conditional UI', () => {
  it('is off for Safari below 16.4 only', () => {
    const safari = (v: string) =>
      `Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v} Safari/605.1.15`;
    expect(conditionalUiAllowed(safari('16.3'))).toBe(false);
    expect(conditionalUiAllowed(safari('15'))).toBe(false);
    expect(conditionalUiAllowed(safari('16.4'))).toBe(true);
    expect(conditionalUiAllowed(safari('17.0'))).toBe(true);
    expect(
      conditionalUiAllowed('Mozilla/5.0 (X11; Linux) AppleWebKit/537.36 Chrome/156.0 Safari/537.36'),
    ).toBe(true);
  });
});

describe('needsPhoneReader', () => {
  const phoneField = {
    id: 'f',
    field_name: 'mobile',
    friendly_name: 'Mobile',
    type: 'phone' as const,
    registration: true,
    profile: false,
  };
  it('is needed whenever phones identify users', () => {
    expect(needsPhoneReader(appInfo({ allowed_identifier: 'phone' }), 'login')).toBe(true);
    expect(needsPhoneReader(appInfo({ allowed_identifier: 'both' }), 'login')).toBe(true);
    expect(needsPhoneReader(appInfo({ allowed_identifier: 'email' }), 'register')).toBe(false);
  });
  it('is needed to register on an email-only app with a phone registration field', () => {
    const app = appInfo({ allowed_identifier: 'email', user_metadata_schema: [phoneField] });
    expect(needsPhoneReader(app, 'register')).toBe(true);
    expect(needsPhoneReader(app, 'login')).toBe(false);
    const profileOnly = appInfo({ user_metadata_schema: [{ ...phoneField, registration: false }] });
    expect(needsPhoneReader(profileOnly, 'register')).toBe(false);
  });
});

describe('passkeyLoginVerifiesIdentity', () => {
  it('verifies identity on a browser that remembers no credential of the user', () => {
    expect(passkeyLoginVerifiesIdentity(false)).toBe(true);
    expect(passkeyLoginVerifiesIdentity(true)).toBe(false);
  });
});

describe('the passkey prompt', () => {
  it('opens on entry only where the browser reported a platform authenticator', () => {
    expect(promptOnEntry(features({ platform: true, securityKey: true }))).toBe(true);
    // isUserVerifyingPlatformAuthenticatorAvailable() said false: the step waits for its button.
    expect(promptOnEntry(features({ platform: false, securityKey: true, syncedCredential: true }))).toBe(
      false,
    );
    expect(promptOnEntry({ ...NO_FEATURES, platform: true })).toBe(false);
  });

  it("asks for this device's authenticator by default, or another one where there is none", () => {
    expect(defaultAttachment(features({ platform: true }))).toBe('platform');
    expect(defaultAttachment(features({ platform: false, securityKey: true }))).toBe('cross-platform');
  });

  it('tells a closed or timed-out prompt from a failure, through the causes the client wraps', () => {
    const dom = (name: string) => Object.assign(new Error('x'), { name });
    // As the client raises it: a 701 / 702 whose cause is @simplewebauthn's error, whose cause is the DOM's.
    const wrapped = (cause: Error) =>
      Object.assign(new Error('wrapped'), {
        statusCode: 701,
        cause: Object.assign(new Error('lib'), { cause }),
      });
    expect(promptDismissed(wrapped(dom('NotAllowedError')))).toBe(true);
    expect(promptDismissed(dom('AbortError'))).toBe(true);
    expect(promptDismissed(wrapped(dom('InvalidStateError')))).toBe(false);
    expect(promptDismissed(new Error('no device id'))).toBe(false);
    expect(promptDismissed(undefined)).toBe(false);
  });
});

describe('too many attempts (429)', () => {
  const refused = (retryAfter?: number) => ({ statusCode: 429, code: 'too_many_requests', retryAfter });

  it("says when to try again, the server's Retry-After rounded up to whole minutes", () => {
    expect(tooManyAttempts(refused(555))).toEqual({
      key: 'too-many-attempts-minutes',
      args: [{ text: '10' }],
    });
    expect(tooManyAttempts(refused(61))).toEqual({ key: 'too-many-attempts-minutes', args: [{ text: '2' }] });
    expect(tooManyAttempts(refused(60))).toEqual({ key: 'too-many-attempts-minute' });
    expect(tooManyAttempts(refused(1))).toEqual({ key: 'too-many-attempts-minute' });
  });

  it('says "later" without a Retry-After, and nothing for other failures', () => {
    expect(tooManyAttempts(refused())).toEqual({ key: 'too-many-attempts-later' });
    expect(tooManyAttempts({ statusCode: 500, retryAfter: 60 })).toBeUndefined();
    expect(tooManyAttempts(new Error('offline'))).toBeUndefined();
    expect(tooManyAttempts(undefined)).toBeUndefined();
  });
});
