import { describe, expect, it } from 'vitest';
import { clientError } from '../../client/client-errors';
import { PassageError } from '../../client/passage-error';
import { classifyFailure } from './failures';

const error = (status: number, code: string) => new PassageError(status, code, 'from the server');

describe('what a failed profile action means', () => {
  it('the session is gone when the server refuses the auth token or a login is required (704)', () => {
    expect(classifyFailure(error(401, 'invalid_access_token'))).toBe('session-lost');
    expect(classifyFailure(clientError('PSGLoginRequired'))).toBe('session-lost');
  });

  it('a sign-in that is too old for the change asks for a new sign-in, not a lost session', () => {
    expect(classifyFailure(error(401, 'reauthentication_required'))).toBe('reauthenticate');
  });

  it('any other 401, and every other error, is an ordinary failure of the action', () => {
    for (const other of [
      error(401, 'webauthn_login_failed'),
      error(401, ''),
      error(400, 'invalid_request'),
      error(403, 'user_not_active'),
      error(429, 'too_many_requests'),
      error(500, ''),
      error(0, 'network_error'),
      clientError('PSGUserCredentialUnavailable'),
    ])
      expect(classifyFailure(other), `${other.statusCode} ${other.code}`).toBe('failure');
    expect(classifyFailure(new Error('The operation either timed out or was not allowed.'))).toBe('failure');
    expect(classifyFailure('nope')).toBe('failure');
  });
});
