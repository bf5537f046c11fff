import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { calculatePKCECodeChallenge } from 'openid-client';
import Type from 'typebox';
import { AuthResultBody, ERROR_CODES, SocialAuthorizeQuery, SocialTokenQuery } from 'open-passage/contract';
import type { AppSettings } from '../apps/app-settings.js';
import { providerName, type SocialProviderSettings } from '../apps/social-settings.js';
import { clientOf } from '../events/client-info.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { errorResponses } from '../openapi/responses.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import { sha256Hex } from '../security/random.js';
import type { IdentityServices } from '../identity-services.js';
import { linkAccount, pendingLink, signInAccount } from './social-accounts.js';
import { type Flow, SocialFlows, type StartedFlow } from './social-flows.js';
import { ProviderClients, ProviderError } from './provider-clients.js';
import { errorReturn, redirectUriProblem, returnUrl, sendDeadEndPage } from './social-returns.js';
import { socialConnectionRoutes } from './social-connection-routes.js';

export interface SocialRoutesOptions {
  identity: IdentityServices;
  /** The server's public URL: the callback URL registered with each provider is under it. */
  publicUrl: string;
  /** Whether providers on plain http, this machine or a private network may be called (SOCIAL_LOCAL_PROVIDERS). */
  localProviders: boolean;
}

const FLOW_COOKIE_MAX_AGE_S = 10 * 60;
const Text = Type.String({ maxLength: 8192 });
/** What a provider sends back (query, or Apple's form_post body); other fields are ignored. */
const CallbackParams = Type.Object(
  {
    state: Type.Optional(Text),
    code: Type.Optional(Text),
    error: Type.Optional(Text),
    error_description: Type.Optional(Text),
  },
  { additionalProperties: true },
);
type CallbackParams = { state?: string; code?: string; error?: string; error_description?: string } & Record<
  string,
  unknown
>;

const socialConnectionNotFound = (app: AppSettings, type: string) =>
  new ApiError(
    404,
    ERROR_CODES.SOCIAL_CONNECTION_NOT_FOUND,
    `${app.name} has no ${type} social connection configured.`,
  );

/** The app's settings for the provider of `type`, or undefined when the app does not offer it. */
const offered = (app: AppSettings, type: string): SocialProviderSettings | undefined =>
  app.social_providers?.find((provider) => provider.type === type);

/** A browser navigating here (not a script's fetch) reads a page, not JSON. */
const isNavigation = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] === 'navigate' || (request.headers.accept ?? '').includes('text/html');

/**
 * Social sign-in (docs/server/social-sign-in.md): `/social/authorize` sends the browser to the provider
 * with state, PKCE and nonce, bound to it by a cookie; the provider comes back to
 * `/social/oauth2_callback`, which checks all of it, exchanges the code and sends the browser back to
 * the page with a one-time code; `/social/token` trades that code and the page's PKCE verifier for
 * the auth result.
 */
export const socialRoutes: FastifyPluginAsyncTypebox<SocialRoutesOptions> = async (
  http,
  { identity, publicUrl, localProviders },
) => {
  await http.register(fastifyCookie);
  const flows = new SocialFlows(identity.db);
  const providers = new ProviderClients(localProviders);
  const secure = publicUrl.startsWith('https:');
  const tags = ['social'];
  const callbackUrl = (appId: string) => `${publicUrl}/v1/apps/${appId}/social/oauth2_callback`;
  const cookieName = (flowId: string) => `op_social_${flowId.slice(0, 16)}`;
  const cookiePath = (appId: string) => `/v1/apps/${appId}/social/oauth2_callback`;

  /**
   * Binds the flow to this browser and sends it to the provider; when the provider cannot be reached
   * (its discovery fails), back to the page with `provider_error`.
   */
  const leave = async (
    reply: FastifyReply,
    app: AppSettings,
    provider: SocialProviderSettings,
    started: StartedFlow,
  ) => {
    let url: string;
    try {
      url = await providers.authorizationUrl(provider, callbackUrl(app.id), {
        state: started.state,
        verifier: started.flow.provider_verifier,
        nonce: started.flow.nonce,
      });
    } catch (cause) {
      http.log.warn({
        event: 'social.provider_unreachable',
        appId: app.id,
        type: provider.type,
        reason: (cause as Error).message,
      });
      const { redirect_uri: redirectUri, client_state: clientState } = started.flow;
      const description = `${providerName(provider)} cannot be reached just now. Please try again later.`;
      return reply.redirect(errorReturn(redirectUri, 'provider_error', description, clientState), 302);
    }
    // Apple's form_post is a cross-site POST: only a SameSite=None cookie rides along (https only).
    reply.setCookie(cookieName(started.flow.id), started.binding, {
      path: cookiePath(app.id),
      httpOnly: true,
      secure,
      sameSite: secure ? 'none' : 'lax',
      maxAge: FLOW_COOKIE_MAX_AGE_S,
    });
    return reply.redirect(url, 302);
  };

  http.get(
    '/social/authorize',
    {
      schema: {
        summary: "Start a social sign-in: to the provider's sign-in page (passage-js authorizeWith)",
        tags,
        querystring: SocialAuthorizeQuery,
        response: {
          302: Type.Null({ description: "To the provider's sign-in page" }),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { app } = request;
      const { connection_type: type, redirect_uri: redirectUri } = request.query;
      const provider = offered(app, type);
      if (!provider) throw socialConnectionNotFound(app, type);
      const problem = redirectUriProblem(redirectUri, app.auth_origin);
      if (problem) throw invalidRequest(problem);
      await identity.rateLimits.enforce(
        limitKeys.socialStartFromIp(app.id, request.ip),
        LIMITS.socialStartsPerIp,
        'Too many social sign-ins started from this address.',
      );
      const started = await flows.start({
        appId: app.id,
        type,
        redirectUri,
        codeChallenge: request.query.code_challenge,
        clientState: request.query.state ?? null,
      });
      return leave(reply, app, provider, started);
    },
  );

  http.get(
    '/social/authorize/link',
    {
      schema: {
        summary: 'Continue linking a provider: the URL `POST …/social-connections/link` answered',
        tags,
        querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: {
          302: Type.Null({ description: "To the provider's sign-in page" }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { app } = request;
      const started = await flows.openLink(app.id, request.query.token);
      const provider = started && offered(app, started.flow.type);
      if (!started || !provider) {
        const text =
          'This link to connect an account is unknown, expired or was already used. Start again from your profile.';
        if (isNavigation(request)) return sendDeadEndPage(reply, 'Link expired', text, app.auth_origin);
        throw invalidRequest(text);
      }
      return leave(reply, app, provider, started);
    },
  );

  /** The provider's answer: back to the page with a code, or with an error; never a dead end when avoidable. */
  const callback = async (request: FastifyRequest, reply: FastifyReply, params: CallbackParams) => {
    const { app } = request;
    const client = clientOf(request);
    const state = params.state ?? '';
    const binding = state ? request.cookies[cookieName(sha256Hex(state))] : undefined;
    if (state) reply.clearCookie(cookieName(sha256Hex(state)), { path: cookiePath(app.id) });
    const consumed = state ? await flows.consume(app.id, state, binding) : { flow: undefined };
    const { flow } = consumed;
    if (!flow) {
      identity.authResults.refused(app.id, 'social', client);
      const text = 'This sign-in is unknown, expired or was already finished. Go back and start again.';
      if (isNavigation(request))
        return sendDeadEndPage(reply, 'Sign-in expired', text, app.login_url || app.auth_origin);
      throw invalidRequest(text);
    }
    const back = (error: Parameters<typeof errorReturn>[1], description: string) => {
      identity.authResults.refused(app.id, 'social', client);
      return reply.redirect(errorReturn(flow.redirect_uri, error, description, flow.client_state), 302);
    };
    if (consumed.problem) {
      const why =
        consumed.problem === 'expired'
          ? 'This sign-in took too long and has expired. Please start again.'
          : 'This sign-in was started in another browser (or its cookie was blocked). Please start again here.';
      return back('invalid_state', why);
    }
    const provider = offered(app, flow.type);
    if (!provider) return back('provider_error', `${app.name} no longer offers ${flow.type}.`);
    const outcome = await finish(app, provider, flow, params, client);
    if (!outcome.ok) return back(outcome.error, outcome.description);
    const code = await flows.issueCode(flow, outcome.userId, outcome.link ?? null);
    return reply.redirect(returnUrl(flow.redirect_uri, { code, state: flow.client_state }), 302);
  };

  const finish = async (
    app: AppSettings,
    provider: SocialProviderSettings,
    flow: Flow,
    params: CallbackParams,
    client: ReturnType<typeof clientOf>,
  ) => {
    const url = new URL(callbackUrl(app.id));
    for (const [name, value] of Object.entries(params))
      if (typeof value === 'string') url.searchParams.set(name, value);
    try {
      const who = await providers.exchange(provider, url, {
        state: params.state ?? '',
        verifier: flow.provider_verifier,
        nonce: flow.nonce,
      });
      return flow.link_user_id
        ? await pendingLink(identity, app, flow.link_user_id, who)
        : await signInAccount(identity, app, flow.type, who, client);
    } catch (cause) {
      if (!(cause instanceof ProviderError)) throw cause;
      http.log.warn({
        event: 'social.provider_refused',
        appId: app.id,
        type: flow.type,
        kind: cause.kind,
        reason: cause.message,
      });
      // Fixed words per kind: the provider's own text (and ours about it) stays in the log, out of the
      // page's address, its history and whatever the page does with it.
      const description =
        cause.kind === 'access_denied'
          ? 'You declined to share your account. Nothing was changed.'
          : cause.kind === 'provider_error'
            ? `${providerName(provider)} could not complete the sign-in. Please try again.`
            : `${providerName(provider)}'s answer failed a security check. Please try again.`;
      return { ok: false as const, error: cause.kind, description };
    }
  };

  const callbackSchema = {
    summary: "The provider's return (GET, or POST for Apple's form_post): back to redirect_uri with a code",
    tags,
    response: {
      302: Type.Null({
        description:
          'To the redirect_uri with `code` and `state`, or `error`, `error_description` and `state`',
      }),
      ...errorResponses(400),
    },
  };
  http.get(
    '/social/oauth2_callback',
    { schema: { ...callbackSchema, querystring: CallbackParams } },
    (request, reply) => callback(request, reply, request.query as CallbackParams),
  );
  // Apple's form_post comes back as an urlencoded form: parsed for this route alone.
  await http.register(async (formPost) => {
    formPost.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    formPost.post(
      '/social/oauth2_callback',
      { schema: { ...callbackSchema, body: CallbackParams } },
      (request, reply) => callback(request, reply, request.body as CallbackParams),
    );
  });

  http.get(
    '/social/token',
    {
      schema: {
        summary:
          'Exchange the one-time code of a social sign-in for tokens (passage-js finishSocialAuthentication)',
        tags,
        querystring: SocialTokenQuery,
        response: { 201: AuthResultBody, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { app } = request;
      if (!app.social_providers?.length) {
        throw new ApiError(
          404,
          ERROR_CODES.SOCIAL_CONNECTION_NOT_FOUND,
          `${app.name} has no social connection configured.`,
        );
      }
      const row = await flows.consumeCode(app.id, request.query.code);
      const challenge = row && (await calculatePKCECodeChallenge(request.query.verifier));
      if (!row || !challenge || !sameText(challenge, row.code_challenge)) {
        identity.authResults.refused(app.id, 'social', clientOf(request));
        throw invalidRequest(
          'This sign-in code is unknown, expired, already used, or does not match its verifier.',
        );
      }
      if (row.link_provider_id !== null) {
        const link = { providerId: row.link_provider_id, identifier: row.link_identifier ?? '' };
        const linked = await linkAccount(identity, app, row.user_id, row.type, link, clientOf(request));
        if (!linked.ok) {
          identity.authResults.refused(app.id, 'social', clientOf(request));
          throw new ApiError(
            linked.error === 'connection_in_use' ? 409 : 403,
            linked.error,
            linked.description,
          );
        }
      }
      const authResult = await identity.authResults.issue(app.id, row.user_id, 'social', clientOf(request));
      return reply.status(201).send({ auth_result: authResult });
    },
  );

  await http.register(socialConnectionRoutes, { identity, flows, publicUrl });
};

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
