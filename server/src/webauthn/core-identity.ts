import type { FastifyRequest } from 'fastify';
import type { AppSettings } from '../apps/app-settings.js';
import { currentSession } from '../current-user/bearer-auth.js';
import { requireIdentifier } from '../users/identifier.js';
import { countLookup, createPendingUser } from '../users/counted-actions.js';
import type { IdentityServices } from '../identity-services.js';
import { publicSignupDisabled } from '../users/users-routes.js';
import { toPublicUser } from '../users/user-views.js';
import type { UserRow } from '../users/users-repository.js';
import type { PasskeyIdentity, PasskeyUser } from './passkey-identity.js';

function toPasskeyUser(row: UserRow): PasskeyUser {
  return { id: row.id, status: row.status, email: row.email, phone: row.phone };
}

/** PasskeyIdentity on top of the identity core (server/src/users, tokens, current-user). */
export function coreIdentity(identity: IdentityServices): PasskeyIdentity {
  const rows = new WeakMap<PasskeyUser, UserRow>();
  const wrap = (row: UserRow | undefined) => {
    if (!row) return undefined;
    const user = toPasskeyUser(row);
    rows.set(user, row);
    return user;
  };
  return {
    async findByIdentifier(app: AppSettings, raw: string) {
      return wrap(await identity.users.findByIdentifier(app.id, requireIdentifier(app, raw)));
    },
    async findById(appId, userId) {
      return wrap(await identity.users.findById(appId, userId));
    },
    async createPending(app, raw, ip) {
      const identifier = requireIdentifier(app, raw);
      if (!app.public_signup) throw publicSignupDisabled();
      return wrap(await createPendingUser(identity, app.id, identifier, ip)) as PasskeyUser;
    },
    async countLookup(appId, ip) {
      countLookup(identity, appId, ip);
    },
    async publicUser(appId, user) {
      const row = rows.get(user) ?? (await identity.users.findById(appId, user.id));
      if (!row) throw new Error(`user ${user.id} vanished`);
      return toPublicUser(row, await identity.credentials.forUser(appId, user.id));
    },
    issueAuthResult: (appId, userId, client, options) => {
      // Apps that sign in with passkeys alone never reach the send routes, which otherwise prune.
      identity.housekeeping.maybeRun();
      return identity.authResults.issue(appId, userId, 'passkey', client, options);
    },
    loginRefused: (appId, client) => identity.authResults.refused(appId, 'passkey', client),
    logPasskeyChange: (appId, userId, type, client) =>
      identity.events.record({ appId, userId, type, client }),
    async authenticate(appId, authorization) {
      const request = { headers: { authorization } } as FastifyRequest;
      const { user, authTime } = await currentSession(identity, request, appId);
      return { user: wrap(user)!, ...(authTime !== undefined ? { authTime } : {}) };
    },
  };
}
