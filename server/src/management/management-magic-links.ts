import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import type { IdentifierType } from 'open-passage/contract';
import { AppIdParams } from '../apps/app-scope.js';
import { clientOf } from '../events/client-info.js';
import type { AppSettings } from '../apps/app-settings.js';
import { servedRedirectUrl } from '../apps/app-settings.js';
import { invalidRequest } from '../http/api-error.js';
import { redirectUrlProblem } from '../http/safe-urls.js';
import { buildMagicLinkUrl, linkLanding } from '../magic-links/magic-link-url.js';
import { linkReference, MagicLinks } from '../magic-links/magic-links.js';
import { errorResponses } from '../openapi/responses.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import { LINK_LIFETIME_MS } from '../security/lifetimes.js';
import { userNotActive, userNotFound } from '../sign-in/auth-results.js';
import { requireApp } from './management-app.js';
import { describeIdentifierProblem, type Identifier, parseIdentifier } from '../users/identifier.js';
import type { IdentityServices } from '../identity-services.js';
import { messageLanguage } from '../sign-in/sign-in-subject.js';
import type { UserRow } from '../users/users-repository.js';
import { managementDocs } from './api-key-auth.js';

const MAX_TTL_MINUTES = LINK_LIFETIME_MS / 60_000;
const Channel = Type.Union([Type.Literal('email'), Type.Literal('phone')]);
const LinkType = Type.Union([Type.Literal('login'), Type.Literal('verify_identifier')]);

const CreateMagicLink = Type.Object(
  {
    user_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' })),
    channel: Type.Optional(Channel),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    phone: Type.Optional(Type.String({ maxLength: 32 })),
    type: Type.Optional(LinkType),
    send: Type.Optional(Type.Boolean()),
    ttl: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_TTL_MINUTES,
        description: `Minutes the link works (at most ${MAX_TTL_MINUTES}, the default)`,
      }),
    ),
    magic_link_path: Type.Optional(
      Type.String({
        maxLength: 2048,
        description: "A path on the app origin (default: the app's login_url, else /)",
      }),
    ),
    redirect_url: Type.Optional(Type.String({ maxLength: 2048 })),
    language: Type.Optional(Type.String({ maxLength: 35 })),
  },
  { additionalProperties: false },
);

const MagicLink = Type.Object({
  id: Type.String(),
  app_id: Type.String(),
  user_id: Type.String(),
  identifier: Type.String(),
  type: LinkType,
  activated: Type.Boolean(),
  ttl: Type.Integer({ description: 'Minutes' }),
  url: Type.String({
    description: 'The link to open: it signs the user in (or verifies the identifier) once',
  }),
  secret: Type.String({ description: 'The token the link carries, for a link built elsewhere' }),
  redirect_url: Type.String(),
});

type Body = Static<typeof CreateMagicLink>;

function parsed(type: IdentifierType, raw: string): Identifier {
  const result = parseIdentifier(raw, type);
  if (!result.ok) throw invalidRequest(`${type}: ${describeIdentifierProblem(result.problem, type)}`);
  return result.identifier;
}

/** 400 unless the app signs users in with `kind` (its `allowed_identifier`). */
function requireAllowedChannel(app: AppSettings, kind: IdentifierType): void {
  if (app.allowed_identifier === 'both' || kind === app.allowed_identifier) return;
  const address = kind === 'phone' ? 'a phone number' : 'an email address';
  throw invalidRequest(
    `This app signs users in by ${app.allowed_identifier} only (allowed_identifier: "${app.allowed_identifier}"): no link goes to ${address}.`,
  );
}

/**
 * The user and the address a link is for: by `user_id` + `channel`, or by `email` / `phone`; `user` is
 * undefined when the app has no user with that address yet (created with the link, in its transaction).
 */
async function subjectOf(
  identity: IdentityServices,
  app: AppSettings,
  body: Body,
): Promise<{ user: UserRow | undefined; identifier: Identifier }> {
  const given = [body.user_id, body.email, body.phone].filter((value) => value !== undefined);
  if (given.length !== 1) throw invalidRequest('Give exactly one of user_id (with channel), email or phone.');
  if (body.user_id !== undefined) {
    if (!body.channel) throw invalidRequest('channel (email or phone) is required with user_id.');
    requireAllowedChannel(app, body.channel);
    const user = await identity.users.findById(app.id, body.user_id);
    if (!user) throw userNotFound();
    const value = user[body.channel];
    if (!value) throw invalidRequest(`This user has no ${body.channel}.`);
    return { user, identifier: { type: body.channel, value } };
  }
  requireAllowedChannel(app, body.email !== undefined ? 'email' : 'phone');
  const identifier = body.email !== undefined ? parsed('email', body.email) : parsed('phone', body.phone!);
  return { user: await identity.users.findByIdentifier(app.id, identifier), identifier };
}

/**
 * `POST /v1/apps/{appId}/magic-links`: a sign-in (or identifier verification) link for one user,
 * sent by the server (`send: true`) or handed to the caller. Same token, lifetime and single use as
 * the links the auth API sends; a `ttl` may only shorten it.
 */
export const managementMagicLinkRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  const links = new MagicLinks(identity.db);

  http.post(
    '/v1/apps/:appId/magic-links',
    {
      schema: {
        ...managementDocs,
        summary: 'Create a magic link for a user, and send it or answer it',
        params: AppIdParams,
        body: CreateMagicLink,
        response: { 201: Type.Object({ magic_link: MagicLink }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const app = await requireApp(identity, request.params.appId);
      const body = request.body;
      const type = body.type ?? 'login';
      const redirect = body.redirect_url ?? servedRedirectUrl(app);
      const redirectProblem = redirectUrlProblem(redirect, app.auth_origin, app.allowed_redirect_origins);
      if (redirectProblem) throw invalidRequest(`redirect_url ${redirectProblem}`);
      const landing = linkLanding(app, body.magic_link_path);
      const parameter = type === 'login' ? 'psg_magic_link' : 'psg_verify_link';
      buildMagicLinkUrl(landing.origin, landing.path, parameter, 'check'); // a bad path is refused before anything is stored
      const subject = await subjectOf(identity, app, body);
      const { identifier } = subject;
      if (subject.user?.status === 'inactive') throw userNotActive();
      const ttl = body.ttl ?? MAX_TTL_MINUTES;
      const purpose = type === 'login' ? 'login' : (`verify-${identifier.type}` as const);

      // Limit, new user, link and message in one transaction: a refused request leaves nothing behind.
      const { user, link, url, ticket } = await identity.db.transaction().execute(async (trx) => {
        if (body.send) {
          await identity.rateLimits.enforce(
            limitKeys.sendToIdentifier(app.id, identifier.value),
            LIMITS.sendPerIdentifier,
            'Too many codes or links were sent to this identifier.',
            trx,
          );
        }
        const user = subject.user ?? (await identity.users.createPending(app.id, identifier, null, trx));
        const created = await links.create(app.id, user.id, identifier.value, purpose, trx, ttl * 60_000);
        const url = buildMagicLinkUrl(landing.origin, landing.path, parameter, created.token);
        const ticket = body.send
          ? await identity.sender.enqueueIn(trx, {
              appId: app.id,
              channel: identifier.type === 'email' ? 'email' : 'sms',
              to: identifier.value,
              kind: type === 'login' ? 'magic-link' : 'verify-identifier',
              language: messageLanguage(app, body.language),
              params: {
                link: url,
                appName: app.name,
                ttlMinutes: String(ttl),
                ...(type === 'login' ? { purpose: 'login' } : { identifierType: identifier.type }),
              },
              expiresAt: Date.now() + ttl * 60_000,
            })
          : null;
        const event = { appId: app.id, userId: user.id, type: 'magic_link_created' as const };
        await identity.events.record({ ...event, actor: 'api_key', client: clientOf(request) }, trx);
        return { user, link: created, url, ticket };
      });
      if (ticket) identity.sender.release([ticket]);
      request.log.info({
        event: 'magic_link.created',
        appId: app.id,
        userId: user.id,
        linkRef: linkReference(link.id),
        sent: body.send === true,
        by: 'api_key',
      });
      reply.status(201);
      return {
        magic_link: {
          id: link.id,
          app_id: app.id,
          user_id: user.id,
          identifier: identifier.value,
          type,
          activated: false,
          ttl,
          url,
          secret: link.token,
          redirect_url: redirect,
        },
      };
    },
  );
};
