import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import Type from 'typebox';
import { deleteUserAndData } from '../admin/user-removal.js';
import { AppIdParams } from '../apps/app-scope.js';
import type { AppSettings } from '../apps/app-settings.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import {
  Device,
  EmptyBody,
  ERROR_CODES,
  type IdentifierType,
  NoBody,
  type UserStatus,
} from 'open-passage/contract';
import { clientOf } from '../events/client-info.js';
import type { Db } from '../db/database.js';
import type { EventType } from '../events/event-types.js';
import { errorResponses } from '../openapi/responses.js';
import { userNotFound } from '../sign-in/auth-results.js';
import { requireApp } from './management-app.js';
import { describeIdentifierProblem, type Identifier, parseIdentifier } from '../users/identifier.js';
import type { IdentityServices } from '../identity-services.js';
import { type UserMetadata, validateUserMetadata } from '../users/user-metadata.js';
import { parseMetadata, type UserRow } from '../users/users-repository.js';
import { deviceNotFound } from '../webauthn/webauthn-errors.js';
import { CredentialRepository } from '../webauthn/credential-repository.js';
import { notifyPasskeyChange } from '../webauthn/passkey-notifications.js';
import { managementDocs } from './api-key-auth.js';
import { ManagementUserBody, RECENT_EVENTS, toManagementUser } from './management-user.js';
import { sharedPathDocs } from './shared-path-docs.js';
import { ManagementUserListQuery, UserList, userListPage } from './user-list.js';

export const UserParams = Type.Object({
  ...AppIdParams.properties,
  userId: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }),
});
const DeviceParams = Type.Object({
  ...UserParams.properties,
  deviceId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
});
const Metadata = Type.Record(Type.String(), Type.Unknown());
const CreateUser = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: 320 })),
    phone: Type.Optional(Type.String({ maxLength: 32 })),
    user_metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
const UpdateUser = CreateUser;
const errors = errorResponses(400, 401, 404);
/** Create and change: 409 when another user has the identifier. */
const writeErrors = errorResponses(400, 401, 404, 409);
const byKey = { constraints: { managementKey: 'bearer' } };

/** An identifier of a body (`email` or `phone`), normalised; 400 when it is not one of that kind. */
function identifierOf(type: IdentifierType, raw: string): Identifier {
  const parsed = parseIdentifier(raw, type);
  if (!parsed.ok) throw invalidRequest(`${type}: ${describeIdentifierProblem(parsed.problem, type)}`);
  return parsed.identifier;
}

function checkedMetadata(app: AppSettings, input: Record<string, unknown>): UserMetadata {
  const checked = validateUserMetadata(app.user_metadata_schema, input);
  if (!checked.ok) throw invalidRequest(checked.error);
  return checked.metadata;
}

/** Creating or changing a user to an identifier another user has (Passage's 409 naming, `user_already_…`). */
const identifierTaken = (type: IdentifierType) =>
  new ApiError(409, ERROR_CODES.USER_ALREADY_EXISTS, `Another user of this app already has this ${type}.`);

/**
 * Passage's management API for an app's users (docs/server/management-api.md): read, find, create, change,
 * (de)activate and delete users, list and delete their passkeys, end their sessions.
 */
export const managementUserRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  const credentials = new CredentialRepository(identity.db);
  const base = '/v1/apps/:appId/users';
  const answer = async (appId: string, userId: string) => {
    const user = await identity.users.findById(appId, userId);
    if (!user) throw userNotFound();
    const [credentialSummary, recentEvents, socialConnections] = await Promise.all([
      identity.credentials.forUser(appId, user.id),
      identity.events.recentForUser(appId, user.id, RECENT_EVENTS),
      identity.socialConnections.forUser(appId, user.id),
    ]);
    return { user: toManagementUser(user, credentialSummary, recentEvents, socialConnections) };
  };
  /**
   * Logs what the API key did to the user, from the address and user agent of its request; `db` is the
   * change's transaction when it has one.
   */
  const logEvent = (request: FastifyRequest, appId: string, userId: string, type: EventType, db?: Db) =>
    identity.events.record({ appId, userId, type, actor: 'api_key', client: clientOf(request) }, db);
  const requireUser = async (appId: string, userId: string): Promise<UserRow> => {
    await requireApp(identity, appId);
    const user = await identity.users.findById(appId, userId);
    if (!user) throw userNotFound();
    return user;
  };

  http.get(
    base,
    {
      ...byKey,
      config: sharedPathDocs,
      schema: {
        ...managementDocs,
        summary: "List an app's users, oldest first, optionally by id, identifier or status",
        params: AppIdParams,
        querystring: ManagementUserListQuery,
        response: { 200: UserList, ...errors },
      },
    },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      return userListPage(identity, app.id, request.query);
    },
  );

  http.post(
    base,
    {
      ...byKey,
      config: sharedPathDocs,
      schema: {
        ...managementDocs,
        summary: 'Create an active user with an email, a phone number or both',
        params: AppIdParams,
        body: CreateUser,
        response: { 201: ManagementUserBody, ...writeErrors },
      },
    },
    async (request, reply) => {
      const app = await requireApp(identity, request.params.appId);
      const { email, phone, user_metadata: metadata } = request.body;
      if (!email && !phone) throw invalidRequest('email or phone is required.');
      const identifiers = [
        email && identifierOf('email', email),
        phone && identifierOf('phone', phone),
      ].filter((found): found is Identifier => Boolean(found));
      const checked = checkedMetadata(app, metadata ?? {});
      const user = await identity.users.createActive(
        app.id,
        {
          email: identifiers.find((found) => found.type === 'email')?.value ?? null,
          phone: identifiers.find((found) => found.type === 'phone')?.value ?? null,
        },
        checked,
      );
      if (!user) {
        for (const identifier of identifiers) {
          if (await identity.users.findByIdentifier(app.id, identifier))
            throw identifierTaken(identifier.type);
        }
        throw identifierTaken(identifiers[0]!.type); // its owner was deleted meanwhile
      }
      request.log.info({ event: 'user.created', appId: app.id, userId: user.id, by: 'api_key' });
      await logEvent(request, app.id, user.id, 'user_created');
      reply.status(201);
      return answer(app.id, user.id);
    },
  );

  http.get(
    `${base}/:userId`,
    {
      schema: {
        ...managementDocs,
        summary: 'Read one user',
        params: UserParams,
        response: { 200: ManagementUserBody, ...errors },
      },
    },
    async (request) => {
      const { appId, userId } = request.params;
      await requireUser(appId, userId);
      return answer(appId, userId);
    },
  );

  http.patch(
    `${base}/:userId`,
    {
      schema: {
        ...managementDocs,
        summary: "Change a user's email, phone number or metadata (metadata keys given replace theirs)",
        params: UserParams,
        body: UpdateUser,
        response: { 200: ManagementUserBody, ...writeErrors },
      },
    },
    async (request) => {
      const { appId, userId } = request.params;
      const user = await requireUser(appId, userId);
      const app = await requireApp(identity, appId);
      const { email, phone, user_metadata: metadata } = request.body;
      const changes = [
        email !== undefined &&
          (email === '' ? { type: 'email' as const, value: null } : identifierOf('email', email)),
        phone !== undefined &&
          (phone === '' ? { type: 'phone' as const, value: null } : identifierOf('phone', phone)),
      ].filter((change) => change !== false);
      const remaining = { email: user.email, phone: user.phone };
      for (const change of changes) remaining[change.type] = change.value;
      if (!remaining.email && !remaining.phone)
        throw invalidRequest('A user keeps an email or a phone number.');
      const merged = metadata ? checkedMetadata(app, { ...parseMetadata(user), ...metadata }) : undefined;
      const changed = changes.filter((change) => change.value !== user[change.type]);
      // Every check before the first write: a taken phone must not leave the email already changed.
      for (const change of changed) {
        const { type, value } = change;
        const owner = value && (await identity.users.findByIdentifier(appId, { type, value }));
        if (owner && owner.id !== userId) throw identifierTaken(change.type);
      }
      // One transaction: the changes and their events commit together, or none does.
      await identity.db.transaction().execute(async (trx) => {
        // One statement: a race that takes one of them meanwhile changes neither.
        if (changed.length > 0) {
          if (!(await identity.users.changeIdentifiers(appId, userId, changed, false, trx))) {
            throw identifierTaken(changed[0]!.type);
          }
          await logEvent(request, appId, userId, 'identifier_changed', trx);
        }
        if (merged) {
          await identity.users.updateMetadata(appId, userId, merged, trx);
          // Logged when something changed: a PATCH that repeats the values is no change to the account.
          if (!isDeepStrictEqual(merged, parseMetadata(user) ?? {})) {
            await logEvent(request, appId, userId, 'metadata_changed', trx);
          }
        }
      });
      request.log.info({ event: 'user.updated', appId, userId, by: 'api_key' });
      return answer(appId, userId);
    },
  );

  const setStatus = (action: 'activate' | 'deactivate', status: UserStatus) =>
    http.patch(
      `${base}/:userId/${action}`,
      {
        schema: {
          ...managementDocs,
          summary:
            action === 'activate' ? 'Activate a user' : 'Deactivate a user (their sessions end at once)',
          params: UserParams,
          body: NoBody,
          response: { 200: ManagementUserBody, ...errors },
        },
      },
      async (request) => {
        const { appId, userId } = request.params;
        const user = await requireUser(appId, userId);
        if (user.status !== status) {
          await identity.setUserStatus(appId, userId, status);
          request.log.info({ event: `user.${action}d`, appId, userId, by: 'api_key' });
          await logEvent(request, appId, userId, `user_${action}d`);
        }
        return answer(appId, userId);
      },
    );
  setStatus('activate', 'active');
  setStatus('deactivate', 'inactive');

  http.delete(
    `${base}/:userId`,
    {
      schema: {
        ...managementDocs,
        summary: 'Delete a user with their passkeys and sessions',
        params: UserParams,
        response: { 200: EmptyBody, ...errors },
      },
    },
    async (request) => {
      const { appId, userId } = request.params;
      await requireApp(identity, appId);
      const deleted = await deleteUserAndData(identity.db, appId, userId, (trx) =>
        logEvent(request, appId, userId, 'user_deleted', trx),
      );
      if (!deleted) throw userNotFound();
      request.log.info({ event: 'user.deleted', appId, userId, by: 'api_key' });
      return {};
    },
  );

  http.get(
    `${base}/:userId/devices`,
    {
      schema: {
        ...managementDocs,
        summary: "A user's passkeys",
        params: UserParams,
        response: { 200: Type.Object({ devices: Type.Array(Device) }), ...errors },
      },
    },
    async (request) => {
      const { appId, userId } = request.params;
      await requireUser(appId, userId);
      return { devices: (await identity.credentials.forUser(appId, userId)).devices };
    },
  );

  http.delete(
    `${base}/:userId/devices/:deviceId`,
    {
      schema: {
        ...managementDocs,
        summary: "Delete one of a user's passkeys",
        params: DeviceParams,
        response: { 200: EmptyBody, ...errors },
      },
    },
    async (request) => {
      const { appId, userId, deviceId } = request.params;
      const user = await requireUser(appId, userId);
      const credential = await credentials.findForUser(appId, userId, deviceId);
      if (!credential || !(await credentials.delete(credential))) throw deviceNotFound();
      request.log.info({ event: 'passkey.removed', appId, userId, by: 'api_key' });
      await logEvent(request, appId, userId, 'passkey_removed');
      // As when the user removes one (SECURITY.md): the owner hears of every passkey that goes.
      const app = await requireApp(identity, appId);
      await notifyPasskeyChange(identity.sender, app, user, 'passkey-removed', credential.friendlyName);
      return {};
    },
  );

  http.delete(
    `${base}/:userId/tokens`,
    {
      schema: {
        ...managementDocs,
        summary: "End all of a user's sessions: their refresh tokens stop working at once",
        params: UserParams,
        response: { 200: EmptyBody, ...errors },
      },
    },
    async (request) => {
      const { appId, userId } = request.params;
      await requireUser(appId, userId);
      await identity.refreshTokens.revokeUser(appId, userId);
      request.log.info({ event: 'user.signed_out', appId, userId, by: 'api_key' });
      await logEvent(request, appId, userId, 'sessions_revoked');
      return {};
    },
  );
};
