import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppSettings } from '../apps/app-settings.js';
import { clientOf } from '../events/client-info.js';
import type { MessageSender } from '../delivery/outgoing-message.js';
import { requireRecentSignIn } from '../current-user/bearer-auth.js';
import { ApiError } from '../http/api-error.js';
import { toDevice } from './device-view.js';
import type { PasskeyCeremonies } from './passkey-ceremonies.js';
import type { PasskeyIdentity, PasskeyUser } from './passkey-identity.js';
import { notifyPasskeyChange } from './passkey-notifications.js';
import type { PasskeyRouteDeps } from './passkey-routes.js';
import { deviceNotFound, webauthnFailed } from './webauthn-errors.js';
import Type from 'typebox';
import { DeviceBody, Device, EmptyBody, ERROR_CODES } from 'open-passage/contract';
import {
  AddDeviceStartBody,
  CeremonyStarted,
  RegisterFinishBody,
  RenameDeviceBody,
} from 'open-passage/contract';
import { DeviceParams, passkeyErrors } from './webauthn-schemas.js';

const lastPasskey = () =>
  new ApiError(
    403,
    ERROR_CODES.OPERATION_NOT_ALLOWED,
    'This is your only passkey and this app has no other way to sign in: add another passkey first.',
  );

interface SignedIn {
  app: AppSettings;
  user: PasskeyUser;
  authTime: number | undefined;
}

async function signedIn(
  deps: { identity: PasskeyIdentity },
  request: { app: AppSettings; headers: { authorization?: string } },
): Promise<SignedIn> {
  const { app } = request;
  const { user, authTime } = await deps.identity.authenticate(app.id, request.headers.authorization);
  return { app, user, authTime };
}

/** The signed-in user's passkeys: list, add, rename, delete. */
export const deviceRoutes: FastifyPluginAsyncTypebox<
  PasskeyRouteDeps & { sender: MessageSender; ceremonies: PasskeyCeremonies }
> = async (http, deps) => {
  const { identity, ceremonies, sender } = deps;
  const credentials = ceremonies.credentials;
  const base = '/currentuser/devices';

  const docs = (summary: string) => ({ summary, tags: ['devices'], security: [{ bearerAuth: [] }] });

  http.get(
    base,
    {
      schema: {
        ...docs("The signed-in user's passkeys"),
        response: { 200: Type.Object({ devices: Type.Array(Device) }), ...passkeyErrors },
      },
    },
    async (request) => {
      const { app, user } = await signedIn(deps, request);
      const list = await credentials.listForUser(app.id, user.id);
      return { devices: list.map(toDevice) };
    },
  );

  http.post(
    `${base}/start`,
    {
      schema: {
        ...docs('Start adding a passkey to the signed-in user'),
        body: AddDeviceStartBody,
        response: { 200: CeremonyStarted, ...passkeyErrors },
      },
    },
    async (request) => {
      const { app, user, authTime } = await signedIn(deps, request);
      requireRecentSignIn(authTime);
      const attachment = request.body?.authenticator_attachment ?? 'platform';
      const name = user.email ?? user.phone ?? user.id;
      const handshake = await ceremonies.startRegistration(
        app,
        'add-device',
        { id: user.id, name },
        attachment,
      );
      return { handshake, user: await identity.publicUser(app.id, user) };
    },
  );

  http.post(
    `${base}/finish`,
    {
      schema: {
        ...docs('Finish adding a passkey'),
        body: RegisterFinishBody,
        response: { 201: DeviceBody, ...passkeyErrors },
      },
    },
    async (request, reply) => {
      const { app, user, authTime } = await signedIn(deps, request);
      requireRecentSignIn(authTime);
      const { user_id, handshake_id, handshake_response } = request.body;
      if (user_id !== user.id) throw webauthnFailed('The handshake was started for another user.');
      const credential = await ceremonies.finishRegistration(
        app,
        'add-device',
        user.id,
        handshake_id,
        handshake_response,
        request.headers['user-agent'],
      );
      request.log.info({ app: app.id, user: user.id, event: 'passkey.added' }, 'passkey added');
      await identity.logPasskeyChange(app.id, user.id, 'passkey_added', clientOf(request));
      await notifyPasskeyChange(sender, app, user, 'passkey-added', credential.friendlyName);
      return reply.status(201).send({ device: toDevice(credential) });
    },
  );

  http.patch(
    `${base}/:deviceId`,
    {
      schema: {
        ...docs('Rename a passkey'),
        params: DeviceParams,
        body: RenameDeviceBody,
        response: { 200: DeviceBody, ...passkeyErrors },
      },
    },
    async (request) => {
      const { app, user } = await signedIn(deps, request);
      const credential = await credentials.findForUser(app.id, user.id, request.params.deviceId);
      if (!credential) throw deviceNotFound();
      const renamed = await credentials.rename(credential, request.body.friendly_name.trim(), new Date());
      return { device: toDevice(renamed) };
    },
  );

  http.delete(
    `${base}/:deviceId`,
    {
      schema: {
        ...docs('Delete a passkey'),
        params: DeviceParams,
        response: { 200: EmptyBody, ...passkeyErrors },
      },
    },
    async (request) => {
      const { app, user, authTime } = await signedIn(deps, request);
      const credential = await credentials.findForUser(app.id, user.id, request.params.deviceId);
      if (!credential) throw deviceNotFound();
      requireRecentSignIn(authTime);
      const all = await credentials.listForUser(app.id, user.id);
      if (all.length === 1 && app.auth_fallback_method === 'none') throw lastPasskey();
      if (await credentials.delete(credential)) {
        request.log.info({ app: app.id, user: user.id, event: 'passkey.removed' }, 'passkey removed');
        await identity.logPasskeyChange(app.id, user.id, 'passkey_removed', clientOf(request));
        await notifyPasskeyChange(sender, app, user, 'passkey-removed', credential.friendlyName);
      }
      return {};
    },
  );
};
