import { isDeepStrictEqual } from 'node:util';
import { clientOf } from '../events/client-info.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidRequest } from '../http/api-error.js';
import {
  ChangeEmailBody,
  ChangePhoneBody,
  CurrentUserBody,
  MagicLinkBody,
  UpdateMetadataBody,
  UserMetadataBody,
} from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import type { IdentityServices } from '../identity-services.js';
import { validateUserMetadata } from '../users/user-metadata.js';
import { toCurrentUser } from '../users/user-views.js';
import { parseMetadata, type UserRow } from '../users/users-repository.js';
import { currentSession, currentUser, requireRecentSignIn } from './bearer-auth.js';
import { changeIdentifier, profileChangesDisabled } from './identifier-change.js';

/** `GET /currentuser`, email/phone changes and the user-metadata routes. Devices: webauthn/. */
export const currentUserRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  const view = async (appId: string, user: UserRow) =>
    toCurrentUser(
      user,
      await identity.credentials.forUser(appId, user.id),
      await identity.socialConnections.forUser(appId, user.id),
    );
  // Email and phone changes count against the send limits: their 429s carry Retry-After.

  const docs = (summary: string) => ({ summary, tags: ['current user'], security: [{ bearerAuth: [] }] });

  http.get(
    '/currentuser',
    {
      schema: {
        ...docs('The signed-in user'),
        response: { 200: CurrentUserBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const user = await currentUser(identity, request, app.id);
      return { user: await view(app.id, user) };
    },
  );
  const changeResponses = { 200: MagicLinkBody, ...errorResponses(400, 401, 403, 404, 429) };

  http.patch(
    '/currentuser/email',
    {
      schema: {
        ...docs('Change (or, with "", remove) the email address; applies once the link sent to it is opened'),
        body: ChangeEmailBody,
        response: changeResponses,
      },
    },
    async (request) => {
      const { app } = request;
      const { user, authTime } = await currentSession(identity, request, app.id);
      requireRecentSignIn(authTime);
      const { new_email, language, magic_link_path } = request.body;
      const change = { type: 'email' as const, value: new_email, language, magicLinkPath: magic_link_path };
      return changeIdentifier(identity, app, user, change, clientOf(request));
    },
  );

  http.patch(
    '/currentuser/phone',
    {
      schema: {
        ...docs('Change (or, with "", remove) the phone number; applies once the link sent to it is opened'),
        body: ChangePhoneBody,
        response: changeResponses,
      },
    },
    async (request) => {
      const { app } = request;
      const { user, authTime } = await currentSession(identity, request, app.id);
      requireRecentSignIn(authTime);
      const { new_phone, language, magic_link_path } = request.body;
      const change = { type: 'phone' as const, value: new_phone, language, magicLinkPath: magic_link_path };
      return changeIdentifier(identity, app, user, change, clientOf(request));
    },
  );

  http.get(
    '/currentuser/user-metadata',
    {
      schema: {
        ...docs("The signed-in user's metadata"),
        response: {
          200: UserMetadataBody,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const { app } = request;
      const user = await currentUser(identity, request, app.id);
      return { user_metadata: parseMetadata(user) };
    },
  );

  http.patch(
    '/currentuser/user-metadata',
    {
      schema: {
        ...docs('Change metadata fields declared `profile: true` (merged; null removes a field)'),
        body: UpdateMetadataBody,
        response: { 200: CurrentUserBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const user = await currentUser(identity, request, app.id);
      if (!app.profile_management) throw profileChangesDisabled();
      const checked = validateUserMetadata(app.user_metadata_schema, request.body.user_metadata, {
        profileOnly: true,
      });
      if (!checked.ok) throw invalidRequest(checked.error);
      const merged = { ...(parseMetadata(user) ?? {}), ...checked.metadata };
      for (const [name, value] of Object.entries(merged)) if (value === null) delete merged[name];
      await identity.db.transaction().execute(async (trx) => {
        await identity.users.updateMetadata(app.id, user.id, merged, trx);
        // Logged when something changed: a form saved unchanged is no change to the account.
        if (!isDeepStrictEqual(merged, parseMetadata(user) ?? {})) {
          const event = { appId: app.id, userId: user.id, type: 'metadata_changed' as const };
          await identity.events.record({ ...event, client: clientOf(request) }, trx);
        }
      });
      const updated = await identity.users.findById(app.id, user.id);
      return { user: await view(app.id, updated ?? user) };
    },
  );
};
