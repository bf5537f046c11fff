import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { MessageSender } from '../delivery/outgoing-message.js';
import { ChallengeStore } from './challenge-store.js';
import { CredentialRepository } from './credential-repository.js';
import { summarize } from './device-view.js';
import { deviceRoutes } from './device-routes.js';
import { PasskeyCeremonies } from './passkey-ceremonies.js';
import type { PasskeyIdentity } from './passkey-identity.js';
import { passkeyRoutes } from './passkey-routes.js';

export interface PasskeyFeature {
  ceremonies: PasskeyCeremonies;
  /** For users/current-user: a user's passkey kinds and devices. */
  summaries: { forUser(appId: string, userId: string): Promise<ReturnType<typeof summarize>> };
}

/** Wires the passkey endpoints (register, login, current user's devices) into an app scope. */
export async function registerPasskeys(
  http: FastifyInstance,
  deps: { db: Db; identity: PasskeyIdentity; sender: MessageSender },
): Promise<PasskeyFeature> {
  const credentials = new CredentialRepository(deps.db);
  const ceremonies = new PasskeyCeremonies(new ChallengeStore(deps.db), credentials, http.log);
  const routeDeps = { identity: deps.identity, ceremonies, sender: deps.sender };
  await http.register(passkeyRoutes, routeDeps);
  await http.register(deviceRoutes, routeDeps);
  return {
    ceremonies,
    summaries: { forUser: async (appId, userId) => summarize(await credentials.listForUser(appId, userId)) },
  };
}
