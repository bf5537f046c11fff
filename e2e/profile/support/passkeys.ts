import { SoftwareAuthenticator } from '../../../server/test/support/software-authenticator';
import { APP_ID } from './profile-apps';
import type { ProfileApi, SignedIn } from './profile-test';

interface Started {
  handshake: { id: string; challenge: { publicKey: Record<string, unknown> } };
  user: { id: string };
}

/** Adds `count` passkeys named "Passkey 1…n" through the API, with a software authenticator in Node. */
export async function addPasskeysViaApi(
  api: ProfileApi,
  user: SignedIn,
  count: number,
  appId = APP_ID,
): Promise<string[]> {
  const authenticator = new SoftwareAuthenticator(api.url);
  const devices = `/v1/apps/${appId}/currentuser/devices`;
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const start = await api.call<Started>(
      'POST',
      `${devices}/start`,
      { authenticator_attachment: 'platform' },
      user.authToken,
    );
    if (start.status >= 300) throw new Error(`devices/start: ${start.status} ${JSON.stringify(start.body)}`);
    const finish = await api.call<{ device: { id: string } }>(
      'POST',
      `${devices}/finish`,
      {
        user_id: start.body.user.id,
        handshake_id: start.body.handshake.id,
        handshake_response: authenticator.create(start.body.handshake.challenge.publicKey),
      },
      user.authToken,
    );
    if (finish.status >= 300)
      throw new Error(`devices/finish: ${finish.status} ${JSON.stringify(finish.body)}`);
    await api.call(
      'PATCH',
      `${devices}/${finish.body.device.id}`,
      { friendly_name: `Passkey ${n}` },
      user.authToken,
    );
    ids.push(finish.body.device.id);
  }
  return ids;
}

export { addVirtualAuthenticator } from '../../auth/support';
