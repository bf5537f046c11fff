import type { AuthResult } from '../../src/tokens/auth-results.js';
import type { RunningTestServer } from './test-server.js';

/** Creates an active user directly in the database and signs it in, for tests of what comes after. */
export async function signedInUser(
  t: RunningTestServer,
  appId: string,
  email: string,
): Promise<{ userId: string; auth: AuthResult }> {
  const { users, authResults } = t.server.identity;
  const user = await users.createPending(appId, { type: 'email', value: email }, null);
  await users.confirmIdentifier(appId, user.id, 'email');
  const auth = await authResults.issue(appId, user.id, 'otp');
  return { userId: user.id, auth };
}
