import { clientOf } from '../events/client-info.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ActivateCodeBody, AuthResultBody, CodeSentBody, SendCodeBody } from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import { requireIdentifier } from '../users/identifier.js';
import type { IdentityServices } from '../identity-services.js';
import { type SignInPurpose, sendSignInSecret } from '../sign-in/sign-in-subject.js';
import { CODE_LIFETIME_MS } from '../security/lifetimes.js';
import { OneTimeCodes } from './one-time-codes.js';

/** `POST /register/otp`, `POST /login/otp` (201 `{otp_id}`) and `POST /otp/activate`. */
export const otpRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  const codes = new OneTimeCodes(identity.db, identity.secrets);

  const send = (purpose: SignInPurpose) =>
    http.post(
      `/${purpose}/otp`,
      {
        schema: {
          summary: `Send a one-time code to ${purpose === 'login' ? 'sign in' : 'sign up'}`,
          tags: ['one-time codes'],
          body: SendCodeBody,
          response: { 201: CodeSentBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const { app } = request;
        identity.housekeeping.maybeRun();
        const identifier = requireIdentifier(app, request.body.identifier);
        const key = await codes.key();
        const { user, secretId: id } = await sendSignInSecret(
          identity,
          app,
          identifier,
          purpose,
          { ip: request.ip, language: request.body.language },
          async (trx, subject) => {
            const { id: codeId, code } = await codes.create(
              key,
              app.id,
              subject.id,
              identifier.value,
              purpose,
              trx,
            );
            return {
              id: codeId,
              kind: 'one-time-code',
              params: { code, appName: app.name, purpose },
              expiresAt: Date.now() + CODE_LIFETIME_MS,
            };
          },
        );
        request.log.info({ event: 'code.sent', appId: app.id, userId: user.id, otpId: id, purpose });
        reply.status(201);
        return { otp_id: id };
      },
    );
  send('register');
  send('login');

  http.post(
    '/otp/activate',
    {
      schema: {
        summary: 'Sign in with a one-time code',
        tags: ['one-time codes'],
        body: ActivateCodeBody,
        response: { 200: AuthResultBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const { otp_id, otp } = request.body;
      const client = clientOf(request);
      const key = await codes.key();
      // The check, its counting and the sign-in's bookkeeping commit together; signing comes after.
      const outcome = await identity.db.transaction().execute(async (trx) => {
        const activated = await codes.activate(key, app.id, otp_id, otp.trim(), trx);
        if (!activated.ok) return activated;
        const confirm = activated.identifier.includes('@') ? ('email' as const) : ('phone' as const);
        const refresh = await identity.authResults.recordSignIn(
          trx,
          app.id,
          activated.userId,
          'otp',
          client,
          {
            confirm,
          },
        );
        return { ...activated, refresh };
      });
      if (!outcome.ok) {
        request.log.info({ event: 'code.failed', appId: app.id, otpId: otp_id });
        identity.authResults.refused(app.id, 'otp', client);
        throw outcome.error;
      }
      return {
        auth_result: await identity.authResults.finishSignIn(app.id, outcome.userId, 'otp', outcome.refresh),
      };
    },
  );
};
