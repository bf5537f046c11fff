import { type ClientInfo, clientOf } from '../events/client-info.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivateLinkBody,
  type AuthResult,
  AuthResultBody,
  LinkStatusBody,
  MagicLinkBody,
  SendLinkBody,
  ERROR_CODES,
} from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import type { AppSettings } from '../apps/app-settings.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { requireIdentifier } from '../users/identifier.js';
import type { IdentityServices } from '../identity-services.js';
import { type SignInPurpose, sendSignInSecret } from '../sign-in/sign-in-subject.js';
import { buildMagicLinkUrl, linkLanding } from './magic-link-url.js';
import { LINK_LIFETIME_MS } from '../security/lifetimes.js';
import { linkReference, type MagicLinkRow, MagicLinks } from './magic-links.js';

const magicLinkNotFound = (message: string) => new ApiError(404, ERROR_CODES.MAGIC_LINK_NOT_FOUND, message);

/**
 * `POST /register/magic-link` (201), `POST /login/magic-link` (200), `POST /magic-link/status`
 * and `PATCH /magic-link/activate`. Verification links for identifier changes are
 * created by current-user/identifier-change.ts and activated here too.
 */
export const magicLinkRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  const links = new MagicLinks(identity.db);

  const send = (purpose: SignInPurpose, status: number) =>
    http.post(
      `/${purpose}/magic-link`,
      {
        schema: {
          summary: `Send a magic link to ${purpose === 'login' ? 'sign in' : 'sign up'}`,
          tags: ['magic links'],
          body: SendLinkBody,
          response: { [status]: MagicLinkBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const { app } = request;
        identity.housekeeping.maybeRun();
        const identifier = requireIdentifier(app, request.body.identifier);
        const { origin, path } = linkLanding(app, request.body.magic_link_path);
        buildMagicLinkUrl(origin, path, 'psg_magic_link', 'check'); // refuse a bad path before sending
        const { user, secretId: id } = await sendSignInSecret(
          identity,
          app,
          identifier,
          purpose,
          { ip: request.ip, language: request.body.language },
          async (trx, subject) => {
            const link = await links.create(app.id, subject.id, identifier.value, purpose, trx);
            return {
              id: link.id,
              kind: 'magic-link',
              params: {
                link: buildMagicLinkUrl(origin, path, 'psg_magic_link', link.token),
                appName: app.name,
                purpose,
              },
              expiresAt: Date.now() + LINK_LIFETIME_MS,
            };
          },
        );
        request.log.info({
          event: 'magic_link.sent',
          appId: app.id,
          userId: user.id,
          linkRef: linkReference(id),
          purpose,
        });
        reply.status(status);
        return { magic_link: { id } };
      },
    );
  send('register', 201);
  send('login', 200);

  /** What a consumed link does: sign in (login/register) or apply the verified identifier change. */
  const complete = async (app: AppSettings, link: MagicLinkRow, client: ClientInfo): Promise<AuthResult> => {
    if (link.purpose === 'verify-email' || link.purpose === 'verify-phone') {
      const type = link.purpose === 'verify-email' ? 'email' : 'phone';
      const changed = await identity.users.changeIdentifier(
        app.id,
        link.user_id,
        type,
        link.identifier,
        true,
      );
      if (!changed)
        throw invalidRequest(
          `This ${type === 'email' ? 'email address' : 'phone number'} is already in use.`,
        );
      const event = { appId: app.id, userId: link.user_id, type: 'identifier_changed', client } as const;
      await identity.events.record(event);
      return identity.authResults.issue(app.id, link.user_id, 'magic_link', client);
    }
    const confirm = link.identifier.includes('@') ? 'email' : 'phone';
    return identity.authResults.issue(app.id, link.user_id, 'magic_link', client, { confirm });
  };

  http.patch(
    '/magic-link/activate',
    {
      schema: {
        summary: 'Open a magic link: sign in, or apply the identifier change it verifies',
        tags: ['magic links'],
        body: ActivateLinkBody,
        response: { 200: AuthResultBody, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const link = await links.activate(app.id, request.body.magic_link);
      if (!link) {
        request.log.info({ event: 'magic_link.failed', appId: app.id });
        identity.authResults.refused(app.id, 'magic_link', clientOf(request));
        throw magicLinkNotFound('This link is invalid, was already used or has expired. Request a new one.');
      }
      request.log.info({
        event: 'magic_link.activated',
        appId: app.id,
        userId: link.user_id,
        purpose: link.purpose,
      });
      return { auth_result: await complete(app, link, clientOf(request)) };
    },
  );

  http.post(
    '/magic-link/status',
    {
      schema: {
        summary: 'Tokens once the link was opened (on any device); 404 before',
        tags: ['magic links'],
        body: LinkStatusBody,
        response: { 200: AuthResultBody, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const link = await links.claimStatus(app.id, request.body.id);
      if (!link) throw magicLinkNotFound('This magic link has not been activated yet, or is unknown.');
      return {
        auth_result: await identity.authResults.issue(app.id, link.user_id, 'magic_link', clientOf(request)),
      };
    },
  );
};
