import { expect, type Page, test } from '@playwright/test';
import { addVirtualAuthenticator, DEMO_APP } from '../auth/support';

/**
 * Runs in the page: the same steps Passage's browser client takes — call a start endpoint, decode
 * the base64url members, run the WebAuthn ceremony, encode the answer, call the finish endpoint.
 */
async function ceremonyInPage(
  page: Page,
  step: {
    kind: 'create' | 'get';
    start: string;
    finish: string;
    body?: unknown;
    token?: string;
    conditional?: boolean;
  },
) {
  return page.evaluate(
    async ({ appId, step }) => {
      const b64 = {
        decode(value: string): ArrayBuffer {
          const text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
          return Uint8Array.from(text, (c) => c.charCodeAt(0)).buffer;
        },
        encode(buffer: ArrayBuffer | null): string {
          if (!buffer) return '';
          let text = '';
          for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
          return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        },
      };
      const headers: Record<string, string> = step.token ? { authorization: `Bearer ${step.token}` } : {};
      const call = async (path: string, body?: unknown) => {
        const res = await fetch(`/v1/apps/${appId}${path}`, {
          method: 'POST',
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: await res.json() };
      };

      const start = await call(step.start, step.body);
      if (start.status !== 200) return { stage: 'start', ...start, userId: undefined as string | undefined };
      const { handshake, user } = start.body;
      const publicKey = handshake.challenge.publicKey;
      publicKey.challenge = b64.decode(publicKey.challenge);
      let handshakeResponse: unknown;
      if (step.kind === 'create') {
        publicKey.user.id = b64.decode(publicKey.user.id);
        for (const c of publicKey.excludeCredentials ?? []) c.id = b64.decode(c.id);
        const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
        const response = credential.response as AuthenticatorAttestationResponse;
        handshakeResponse = {
          id: credential.id,
          rawId: b64.encode(credential.rawId),
          type: credential.type,
          response: {
            attestationObject: b64.encode(response.attestationObject),
            clientDataJSON: b64.encode(response.clientDataJSON),
          },
          transports: response.getTransports(),
        };
      } else {
        for (const c of publicKey.allowCredentials ?? []) c.id = b64.decode(c.id);
        const credential = (await navigator.credentials.get({
          publicKey,
          ...(step.conditional ? { mediation: 'conditional' as CredentialMediationRequirement } : {}),
        })) as PublicKeyCredential;
        const response = credential.response as AuthenticatorAssertionResponse;
        handshakeResponse = {
          id: credential.id,
          rawId: b64.encode(credential.rawId),
          type: credential.type,
          response: {
            clientDataJSON: b64.encode(response.clientDataJSON),
            authenticatorData: b64.encode(response.authenticatorData),
            signature: b64.encode(response.signature),
            userHandle: b64.encode(response.userHandle),
          },
        };
      }
      const finish = await call(step.finish, {
        ...(user ? { user_id: user.id } : {}),
        handshake_id: handshake.id,
        handshake_response: handshakeResponse,
      });
      return { stage: 'finish', ...finish, userId: user?.id as string | undefined };
    },
    { appId: DEMO_APP, step },
  );
}

test('passkeys in Chromium: register, log in by identifier and by autofill, add and list devices', async ({
  page,
}) => {
  await page.goto('/');
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const email = `e2e-${Date.now()}@example.com`;

  const registered = await ceremonyInPage(page, {
    kind: 'create',
    start: '/register/webauthn/start',
    finish: '/register/webauthn/finish',
    body: { identifier: email, authenticator_attachment: 'platform' },
  });
  expect(registered, JSON.stringify(registered)).toMatchObject({ stage: 'finish', status: 201 });
  expect(registered.body.auth_result).toMatchObject({ redirect_url: '/passageSuccess' });

  const byIdentifier = await ceremonyInPage(page, {
    kind: 'get',
    start: '/login/webauthn/start',
    finish: '/login/webauthn/finish',
    body: { identifier: email },
  });
  expect(byIdentifier, JSON.stringify(byIdentifier)).toMatchObject({ stage: 'finish', status: 200 });
  expect(byIdentifier.userId).toBe(registered.userId);

  const byAutofill = await ceremonyInPage(page, {
    kind: 'get',
    start: '/login/webauthn/start',
    finish: '/login/webauthn/finish',
    conditional: true,
  });
  expect(byAutofill, JSON.stringify(byAutofill)).toMatchObject({ stage: 'finish', status: 200 });
  const token = byAutofill.body.auth_result.auth_token as string;

  // The new passkey lives on a second device: a fresh authenticator in place of the first.
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  const second = await addVirtualAuthenticator(page);
  const added = await ceremonyInPage(page, {
    kind: 'create',
    start: '/currentuser/devices/start',
    finish: '/currentuser/devices/finish',
    body: { authenticator_attachment: 'platform' },
    token,
  });
  expect(added, JSON.stringify(added)).toMatchObject({ stage: 'finish', status: 201 });
  expect(added.body.device).toMatchObject({ friendly_name: 'Chrome on Linux', user_id: registered.userId });

  const devices = await page.evaluate(
    async ({ appId, token }) => {
      const res = await fetch(`/v1/apps/${appId}/currentuser/devices/`, {
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      return res.json();
    },
    { appId: DEMO_APP, token },
  );
  expect(devices.devices).toHaveLength(2);
  expect(devices.devices.map((d: { friendly_name: string }) => d.friendly_name)).toEqual([
    'Chrome on Linux',
    'Chrome on Linux',
  ]);

  const { credentials } = await second.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: second.authenticatorId,
  });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  const withSecondDevice = await ceremonyInPage(page, {
    kind: 'get',
    start: '/login/webauthn/start',
    finish: '/login/webauthn/finish',
    body: { identifier: email },
  });
  expect(withSecondDevice, JSON.stringify(withSecondDevice)).toMatchObject({ stage: 'finish', status: 200 });
});
