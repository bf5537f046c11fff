import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  EmptyBody,
  ERROR_CODES,
  SocialConnectionsBody,
  SocialConnectionType,
  SocialLinkAnswer,
  SocialLinkBody,
} from 'open-passage/contract';
import type { AppSettings } from '../apps/app-settings.js';
import { currentSession, currentUser, requireRecentSignIn } from '../current-user/bearer-auth.js';
import { clientOf } from '../events/client-info.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { errorResponses } from '../openapi/responses.js';
import type { IdentityServices } from '../identity-services.js';
import type { UserRow } from '../users/users-repository.js';
import type { SocialFlows } from './social-flows.js';
import { redirectUriProblem } from './social-returns.js';

const notConnected = (type: string) =>
  new ApiError(404, ERROR_CODES.SOCIAL_CONNECTION_NOT_FOUND, `This account has no ${type} connection.`);
const lastWayIn = () =>
  new ApiError(
    403,
    ERROR_CODES.OPERATION_NOT_ALLOWED,
    'This is the only way to sign in to this account: add a passkey or another provider first.',
  );

/**
 * Whether the user keeps a way to sign in without their `type` connection: a passkey, an email or
 * phone the app's fallback (code or link) reaches, or another provider the app still offers (among
 * `linked`, read in the removal's transaction).
 */
function keepsAWayIn(app: AppSettings, user: UserRow, type: string, hasPasskey: boolean) {
  return (linked: readonly { type: string }[]) => {
    if (hasPasskey) return true;
    if (app.auth_fallback_method !== 'none' && (user.email || user.phone)) return true;
    const offered = new Set((app.social_providers ?? []).map((provider) => provider.type));
    return linked.some((one) => one.type !== type && offered.has(one.type));
  };
}

/** The signed-in user's linked providers: list, link (through the provider), unlink. */
export const socialConnectionRoutes: FastifyPluginAsyncTypebox<{
  identity: IdentityServices;
  flows: SocialFlows;
  publicUrl: string;
}> = async (http, { identity, flows, publicUrl }) => {
  const bearer = [{ bearerAuth: [] }];
  const tags = ['social'];

  http.get(
    '/currentuser/social-connections',
    {
      schema: {
        summary: "The current user's linked social providers",
        tags,
        security: bearer,
        response: { 200: SocialConnectionsBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const user = await currentUser(identity, request, app.id);
      return { social_connections: await identity.socialConnections.forUser(app.id, user.id) };
    },
  );

  http.post(
    '/currentuser/social-connections/link',
    {
      schema: {
        summary: 'Link a social provider: answers the URL to navigate to (it leads to the provider)',
        tags,
        security: bearer,
        body: SocialLinkBody,
        response: { 200: SocialLinkAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const { user, authTime } = await currentSession(identity, request, app.id);
      // A new way to sign in is a change to how one signs in: it needs a recent sign-in, like a passkey.
      requireRecentSignIn(authTime);
      const { connection_type: type, redirect_uri: redirectUri } = request.body;
      if (!app.social_providers?.some((provider) => provider.type === type)) {
        throw new ApiError(
          404,
          ERROR_CODES.SOCIAL_CONNECTION_NOT_FOUND,
          `${app.name} has no ${type} social connection configured.`,
        );
      }
      const problem = redirectUriProblem(redirectUri, app.auth_origin);
      if (problem) throw invalidRequest(problem);
      const token = await flows.startLink(
        {
          appId: app.id,
          type,
          redirectUri,
          codeChallenge: request.body.code_challenge,
          clientState: request.body.state ?? null,
        },
        user.id,
      );
      return { url: `${publicUrl}/v1/apps/${app.id}/social/authorize/link?token=${token}` };
    },
  );

  http.delete(
    '/currentuser/social-connections/:socialConnectionType',
    {
      schema: {
        summary: 'Unlink a social provider from the current user (not the last way to sign in)',
        tags,
        security: bearer,
        params: Type.Object({ socialConnectionType: SocialConnectionType }),
        response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const type = request.params.socialConnectionType;
      const { user, authTime } = await currentSession(identity, request, app.id);
      // Removing a way to sign in is a change to how one signs in: a recent sign-in, as for linking.
      requireRecentSignIn(authTime);
      const hasPasskey = (await identity.credentials.forUser(app.id, user.id)).webauthnTypes.length > 0;
      const outcome = await identity.socialConnections.unlinkUnlessLast(
        app.id,
        user.id,
        type,
        keepsAWayIn(app, user, type, hasPasskey),
      );
      if (outcome === 'not_linked') throw notConnected(type);
      if (outcome === 'last_way_in') throw lastWayIn();
      await identity.events.record({
        appId: app.id,
        userId: user.id,
        type: 'social_unlinked',
        client: clientOf(request),
      });
      return {};
    },
  );
};
