import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppIdParams } from '../apps/app-routes.js';
import { addRetryAfterHeader } from '../security/rate-limiter.js';
import { requireApp, requireIdentifier } from '../users/app-context.js';
import type { IdentityServices } from '../identity-services.js';
import { type SignInPurpose, sendSignInSecret } from '../sign-in/sign-in-subject.js';
import { CODE_LIFETIME_MS } from '../security/lifetimes.js';
import { OneTimeCodes } from './one-time-codes.js';

const SendBody = Type.Object({
  identifier: Type.String({ maxLength: 320 }),
  language: Type.Optional(Type.String({ maxLength: 35 })),
});

/** `POST /register/otp`, `POST /login/otp` (201 `{otp_id}`) and `POST /otp/activate`. */
export const otpRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  const codes = new OneTimeCodes(identity.db, identity.secrets);
  addRetryAfterHeader(http);

  const send = (purpose: SignInPurpose) =>
    http.post(
      `/v1/apps/:appId/${purpose}/otp`,
      { schema: { params: AppIdParams, body: SendBody } },
      async (request, reply) => {
        const app = await requireApp(identity, request.params.appId);
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
    '/v1/apps/:appId/otp/activate',
    {
      schema: {
        params: AppIdParams,
        body: Type.Object({
          otp: Type.String({ minLength: 1, maxLength: 16 }),
          otp_id: Type.String({ minLength: 1, maxLength: 64 }),
        }),
      },
    },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      const { otp_id, otp } = request.body;
      const key = await codes.key();
      // The check, its counting and the sign-in's bookkeeping commit together; signing comes after.
      const outcome = await identity.db.transaction().execute(async (trx) => {
        const activated = await codes.activate(key, app.id, otp_id, otp.trim(), trx);
        if (!activated.ok) return activated;
        const confirm = activated.identifier.includes('@') ? ('email' as const) : ('phone' as const);
        const refresh = await identity.authResults.recordSignIn(trx, app.id, activated.userId, 'otp', {
          confirm,
        });
        return { ...activated, refresh };
      });
      if (!outcome.ok) {
        request.log.info({ event: 'code.failed', appId: app.id, otpId: otp_id });
        throw outcome.error;
      }
      return {
        auth_result: await identity.authResults.finishSignIn(app.id, outcome.userId, outcome.refresh),
      };
    },
  );
};
