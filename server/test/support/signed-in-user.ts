import { expect } from 'vitest';
import type { AuthResult } from 'open-passage/contract';
import type { ClientInfo } from '../../src/events/client-info.js';
import type { RunningTestServer } from './test-server.js';

/** The client of the sign-ins tests make without a request. */
export const TEST_CLIENT: ClientInfo = { ip: '192.0.2.1', userAgent: 'open-passage tests' };

/** Creates an active user directly in the database and signs it in, for tests of what comes after. */
export async function signedInUser(
  t: RunningTestServer,
  appId: string,
  email: string,
): Promise<{ userId: string; auth: AuthResult }> {
  const { users, authResults } = t.server.identity;
  const user = await users.createPending(appId, { type: 'email', value: email }, null);
  await users.confirmIdentifier(appId, user.id, 'email');
  const auth = await authResults.issue(appId, user.id, 'otp', TEST_CLIENT);
  return { userId: user.id, auth };
}

/**
 * Every key of the `CurrentUser` that `signedInUser` creates, as it looks right after
 * that one sign-in with an email and no passkeys.
 */
export function freshCurrentUser(userId: string, email: string) {
  return {
    id: userId,
    email,
    email_verified: true,
    phone: '',
    phone_verified: false,
    status: 'active',
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    updated_at: expect.stringMatching(/Z$/),
    last_login_at: expect.stringMatching(/Z$/),
    login_count: 1,
    user_metadata: null,
    webauthn: false,
    webauthn_types: [],
    webauthn_devices: [],
    social_connections: {},
  };
}
