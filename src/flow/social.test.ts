import { describe, expect, it } from 'vitest';
import { SOCIAL_CALLBACK_ERRORS } from '../contract/social';
import { ClientError } from './test-support';
import { socialOptions } from './home-view';
import { socialCallback, socialFailure, socialMessage } from './social';

const pending = { connection: 'google', state: '1234', verifier: 'v' };
const app = {
  social_connections: { google: { client_id: 'g', name: 'Google' }, corp: { client_id: 'c', name: '' } },
};

describe('socialOptions', () => {
  it("lists the offered providers in the app info's order, an unnamed one by its type", () => {
    expect(socialOptions(app)).toEqual([
      { type: 'google', name: 'Google' },
      { type: 'corp', name: 'corp' },
    ]);
    expect(socialOptions({})).toEqual([]);
  });
});

describe('socialCallback', () => {
  it('is nothing without state, or with state but neither code nor error', () => {
    expect(socialCallback('', pending)).toBeUndefined();
    expect(socialCallback('?code=abc', pending)).toBeUndefined();
    expect(socialCallback('?state=1234', pending)).toBeUndefined();
  });

  it('finishes a code that comes with the stored state', () => {
    expect(socialCallback('?code=abc&state=1234', pending)).toEqual({
      kind: 'code',
      code: 'abc',
      connection: 'google',
    });
  });

  it('is invalid_state for a state this tab did not send, or when it started none', () => {
    expect(socialCallback('?code=abc&state=9999', pending)).toMatchObject({
      kind: 'error',
      error: 'invalid_state',
    });
    expect(socialCallback('?error=access_denied&state=9999', pending)).toMatchObject({
      error: 'invalid_state',
    });
    expect(socialCallback('?code=abc&state=1234', undefined)).toEqual({
      kind: 'error',
      error: 'invalid_state',
      connection: '',
    });
  });

  it("passes the server's errors on, an unknown one as provider_error", () => {
    for (const error of SOCIAL_CALLBACK_ERRORS)
      expect(socialCallback(`?error=${error}&error_description=x&state=1234`, pending)).toEqual({
        kind: 'error',
        error,
        connection: 'google',
      });
    expect(socialCallback('?error=__proto__&state=1234', pending)).toMatchObject({ error: 'provider_error' });
  });
});

describe('messages', () => {
  it('has a message naming the provider for every callback error of the contract', () => {
    const keys = SOCIAL_CALLBACK_ERRORS.map((error) => socialMessage(error, app, 'google'));
    expect(new Set(keys.map((m) => ('key' in m ? m.key : ''))).size).toBe(SOCIAL_CALLBACK_ERRORS.length);
    expect(keys[0]).toEqual({ key: 'social-access-denied', args: [{ text: 'Google' }] });
  });

  it("says a failed exchange failed, or the server's callback refusal, or that it timed out", () => {
    expect(socialFailure(new ClientError(400, 'used', 'invalid_code'), app, 'google')).toEqual({
      key: 'social-failed',
      args: [{ text: 'Google' }],
    });
    expect(socialFailure(new ClientError(400, '', 'invalid_state'), app, 'github')).toEqual({
      key: 'social-invalid-state',
      args: [{ text: 'github' }],
    });
    expect(socialFailure(new ClientError(0, '', 'timeout'), app, 'google')).toEqual({
      key: 'request-timed-out',
    });
  });
});
