import { clientOf } from '../events/client-info.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../http/api-error.js';
import type { PasskeyCeremonies } from './passkey-ceremonies.js';
import type { PasskeyIdentity, PasskeyUser } from './passkey-identity.js';
import { userNotActive, userNotFound, webauthnFailed } from './webauthn-errors.js';
import {
  CeremonyStarted,
  LoginFinishBody,
  LoginStarted,
  LoginStartBody,
  RegisterFinishBody,
  RegisterStartBody,
  ERROR_CODES,
} from 'open-passage/contract';
import { ceremonyFinished, passkeyStartErrors } from './webauthn-schemas.js';

export interface PasskeyRouteDeps {
  identity: PasskeyIdentity;
  ceremonies: PasskeyCeremonies;
}

const verificationRequired = () =>
  new ApiError(
    403,
    ERROR_CODES.OPERATION_NOT_ALLOWED,
    'This app verifies the email or phone number first: register with a one-time code or a magic link, then add a passkey.',
  );
const alreadyRegistered = () =>
  new ApiError(
    400,
    ERROR_CODES.INVALID_REQUEST,
    'A user with this identifier already exists: log in instead.',
  );

/** The name an authenticator shows for the account. */
function accountName(user: PasskeyUser): string {
  return user.email ?? user.phone ?? user.id;
}

/** Register and log in with a passkey (docs/server/passkeys.md). */
export const passkeyRoutes: FastifyPluginAsyncTypebox<PasskeyRouteDeps> = async (http, deps) => {
  const { identity, ceremonies } = deps;
  const docs = (summary: string) => ({ summary, tags: ['passkeys'] });

  http.post(
    '/register/webauthn/start',
    {
      schema: {
        ...docs('Start registering a passkey (creates a pending user when needed)'),
        body: RegisterStartBody,
        response: { 200: CeremonyStarted, ...passkeyStartErrors },
      },
    },
    async (request) => {
      const { app } = request;
      // The app wants proof of the identifier first: a code or link registers, a passkey is added after.
      if (app.require_identifier_verification) throw verificationRequired();
      const { identifier, authenticator_attachment } = request.body;
      const existing = await identity.findByIdentifier(app, identifier);
      if (existing?.status === 'active') throw alreadyRegistered();
      if (existing?.status === 'inactive') throw userNotActive();
      // Also for a pending user (created by POST /users): public signup and the sign-up budget apply.
      const user = await identity.createPending(app, identifier, request.ip);
      const handshake = await ceremonies.startRegistration(
        app,
        'register',
        { id: user.id, name: accountName(user) },
        authenticator_attachment ?? 'platform',
      );
      return { handshake, user: await identity.publicUser(app.id, user) };
    },
  );

  http.post(
    '/register/webauthn/finish',
    {
      schema: {
        ...docs('Finish registering a passkey: the user is active and signed in'),
        body: RegisterFinishBody,
        response: ceremonyFinished(201),
      },
    },
    async (request, reply) => {
      const { app } = request;
      const { user_id, handshake_id, handshake_response } = request.body;
      const user = await identity.findById(app.id, user_id);
      if (!user) throw webauthnFailed('The handshake was started for another user.');
      if (user.status === 'inactive') throw userNotActive();
      await ceremonies.finishRegistration(
        app,
        'register',
        user.id,
        handshake_id,
        handshake_response,
        request.headers['user-agent'],
        // A registration adds the first passkey of a new account: once the account is active (its owner
        // signed up another way meanwhile), a ceremony started before cannot attach a passkey to it.
        async () => {
          if (user.status !== 'pending') throw alreadyRegistered();
        },
      );
      request.log.info({ app: app.id, user: user.id, event: 'passkey.added' }, 'passkey registered');
      await identity.logPasskeyChange(app.id, user.id, 'passkey_added', clientOf(request));
      const authResult = await identity.issueAuthResult(app.id, user.id, clientOf(request), {
        activate: true,
      });
      return reply.status(201).send({ auth_result: authResult });
    },
  );

  http.post(
    '/login/webauthn/start',
    {
      schema: {
        ...docs('Start a passkey login: with an identifier, or without a body for autofill'),
        body: LoginStartBody,
        response: { 200: LoginStarted, ...passkeyStartErrors },
      },
    },
    async (request) => {
      const { app } = request;
      const identifier = request.body?.identifier;
      if (!identifier) return { handshake: await ceremonies.startLogin(app, null, []) };
      await identity.countLookup(app.id, request.ip);
      const user = await identity.findByIdentifier(app, identifier);
      if (!user) throw userNotFound();
      if (user.status === 'inactive') throw userNotActive();
      const passkeys = await ceremonies.credentials.listForUser(app.id, user.id);
      const allow = passkeys.map((c) => ({ id: c.credId, transports: c.transports }));
      const handshake = await ceremonies.startLogin(app, user.id, allow);
      return { handshake, user: await identity.publicUser(app.id, user) };
    },
  );

  http.post(
    '/login/webauthn/finish',
    {
      schema: {
        ...docs('Finish a passkey login'),
        body: LoginFinishBody,
        response: ceremonyFinished(200),
      },
    },
    async (request) => {
      const { app } = request;
      const { user_id, handshake_id, handshake_response } = request.body;
      const { credential } = await ceremonies
        .finishLogin(app, handshake_id, user_id || undefined, handshake_response)
        .catch((error: unknown) => {
          // A refused assertion (4xx), not a failure of the server's own (the database, say).
          if (error instanceof ApiError) identity.loginRefused(app.id, clientOf(request));
          throw error;
        });
      const user = await identity.findById(app.id, credential.userId);
      if (!user) throw webauthnFailed();
      if (user.status === 'inactive') throw userNotActive();
      // AuthResults logs the login.success event.
      return { auth_result: await identity.issueAuthResult(app.id, user.id, clientOf(request)) };
    },
  );
};
