import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppIdParams } from '../apps/app-scope.js';
import type { AppsRepository } from '../apps/apps-repository.js';
import { clientOf } from '../events/client-info.js';
import { appNotFound } from '../http/api-error.js';
import { CurrentUser, type UserStatus } from 'open-passage/contract';
import { refuseUnknownBodyFields } from '../http/strict-bodies.js';
import { refuseUnknownQueryParameters } from '../http/strict-queries.js';
import { errorResponses } from '../openapi/responses.js';
import { userNotFound } from '../sign-in/auth-results.js';
import { findUserPage, UserListQuery } from '../users/user-list-query.js';
import type { IdentityServices } from '../identity-services.js';
import { toCurrentUser } from '../users/user-views.js';
import type { UserRow } from '../users/users-repository.js';
import { adminDocs, requireAdminKey } from './admin-auth.js';
import { deleteUserAndData } from './user-removal.js';

export interface AdminUserRoutesOptions {
  apiKey: string;
  apps: AppsRepository;
  identity: IdentityServices;
}

const UserParams = Type.Object({
  ...AppIdParams.properties,
  userId: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }),
});
const ListQuery = UserListQuery(100, 'An email address or a phone number');
const UserPage = Type.Object({
  users: Type.Array(CurrentUser),
  page: Type.Integer(),
  limit: Type.Integer(),
  total_users: Type.Integer({ description: 'How many users match, on all pages' }),
  next_page: Type.Union([Type.Integer(), Type.Null()], { description: 'null on the last page' }),
});
const OneUser = Type.Object({ user: CurrentUser });
const errors = errorResponses(400, 401, 404);

/**
 * `/admin/v1/apps/{appId}/users`: find, read, (de)activate and delete an app's users; only with
 * ADMIN_API_KEY set. Deactivating or deleting a user ends their sessions: their refresh tokens stop
 * working at once, and auth tokens are refused by every `/currentuser` route.
 */
export const adminUserRoutes: FastifyPluginAsyncTypebox<AdminUserRoutesOptions> = async (
  http,
  { apiKey, apps, identity },
) => {
  requireAdminKey(http, apiKey);
  refuseUnknownBodyFields(http);
  refuseUnknownQueryParameters(http);
  const base = '/admin/v1/apps/:appId/users';
  const view = async (appId: string, user: UserRow) =>
    toCurrentUser(
      user,
      await identity.credentials.forUser(appId, user.id),
      await identity.socialConnections.forUser(appId, user.id),
    );

  async function requireUser(appId: string, userId: string): Promise<UserRow> {
    if (!(await apps.find(appId))) throw appNotFound();
    const user = await identity.users.findById(appId, userId);
    if (!user) throw userNotFound();
    return user;
  }

  http.get(
    base,
    {
      schema: {
        ...adminDocs,
        summary: "List an app's users, oldest first, optionally by id, identifier or status",
        params: AppIdParams,
        querystring: ListQuery,
        response: { 200: UserPage, ...errors },
      },
    },
    async (request) => {
      const { appId } = request.params;
      if (!(await apps.find(appId))) throw appNotFound();
      const { page, limit } = request.query;
      const found = await findUserPage(identity.users, appId, request.query);
      return {
        users: await Promise.all(found.users.map((user) => view(appId, user))),
        page,
        limit,
        total_users: found.total,
        next_page: page * limit < found.total ? page + 1 : null,
      };
    },
  );

  http.get(
    `${base}/:userId`,
    {
      schema: {
        ...adminDocs,
        summary: 'Read one user',
        params: UserParams,
        response: { 200: OneUser, ...errors },
      },
    },
    async (request) => {
      const { appId, userId } = request.params;
      return { user: await view(appId, await requireUser(appId, userId)) };
    },
  );

  http.patch(
    `${base}/:userId`,
    {
      schema: {
        ...adminDocs,
        summary: 'Activate or deactivate a user (deactivating ends their sessions)',
        params: UserParams,
        body: Type.Object(
          { status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]) },
          { additionalProperties: false },
        ),
        response: { 200: OneUser, ...errors },
      },
    },
    async (request) => {
      const { appId, userId } = request.params;
      const before = await requireUser(appId, userId);
      const status: UserStatus = request.body.status;
      if (before.status !== status) {
        await identity.setUserStatus(appId, userId, status);
        request.log.info({
          event: `user.${status === 'inactive' ? 'deactivated' : 'activated'}`,
          appId,
          userId,
        });
        const type = status === 'inactive' ? 'user_deactivated' : 'user_activated';
        await identity.events.record({ appId, userId, type, actor: 'admin', client: clientOf(request) });
      }
      return { user: await view(appId, await requireUser(appId, userId)) };
    },
  );

  http.delete(
    `${base}/:userId`,
    {
      schema: {
        ...adminDocs,
        summary: 'Delete a user with their passkeys and sessions',
        params: UserParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { appId, userId } = request.params;
      if (!(await apps.find(appId))) throw appNotFound();
      const event = {
        appId,
        userId,
        type: 'user_deleted',
        actor: 'admin',
        client: clientOf(request),
      } as const;
      const deleted = await deleteUserAndData(identity.db, appId, userId, (trx) =>
        identity.events.record(event, trx),
      );
      if (!deleted) throw userNotFound();
      request.log.info({ event: 'user.deleted', appId, userId });
      return reply.status(204).send(null);
    },
  );
};
