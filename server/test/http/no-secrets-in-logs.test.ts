import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMessages } from '../support/captured-messages.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { CHROME_ON_LINUX, PasskeyTestClient } from '../webauthn/passkey-test-client.js';

const ADMIN_KEY = 'admin-key-that-must-never-be-logged-0123';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every `auth_token` and `refresh_token` anywhere in a JSON answer. */
function tokensIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) tokensIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'auth_token' || key === 'refresh_token') && typeof inner === 'string') found.push(inner);
      else tokensIn(inner, found);
    }
  }
  return found;
}

/**
 * No code, link token, auth token, refresh token or admin key in any log line of a
 * full run — codes and links, identifier changes, refresh and sign-out, passkey sign-up and logins,
 * devices, the admin API and the contact form. Tokens are collected from every answer of the run
 * and codes and links from every message sent, so a flow added here is checked without more code.
 */
describe('logs never contain a secret', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  const lines: string[] = [];
  const issued: string[] = [];
  const path = (suffix: string) => `/v1/apps/${TEST_APP_ID}${suffix}`;
  const json = async <T = Json>(res: Response) => (await res.json()) as T;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const admin = (method: string, suffix: string, body?: unknown) =>
    t.call(method, `/admin/v1/apps${suffix}`, body, { authorization: `Bearer ${ADMIN_KEY}` });

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await startTestServer({ logStream, env: { LOG_LEVEL: 'debug', ADMIN_API_KEY: ADMIN_KEY } });
    mail = captureMessages(t);
    const call = t.call.bind(t);
    t.call = async (...args) => {
      const res = await call(...args);
      if (res.headers.get('content-type')?.includes('application/json')) {
        tokensIn(await res.clone().json(), issued);
      }
      return res;
    };
  });
  afterAll(() => t.stop());

  async function codesAndLinks(): Promise<void> {
    const { otp_id } = await json<{ otp_id: string }>(
      await t.call('POST', path('/register/otp'), { identifier: 'logs@example.com' }),
    );
    const code = mail.codeFor('logs@example.com');
    await t.call('POST', path('/otp/activate'), {
      otp: String((Number(code) + 1) % 1e6).padStart(6, '0'),
      otp_id,
    });
    const signedIn = (await json(await t.call('POST', path('/otp/activate'), { otp: code, otp_id })))
      .auth_result;

    const { magic_link } = await json(
      await t.call('POST', path('/login/magic-link'), {
        identifier: 'logs@example.com',
        magic_link_path: '/',
      }),
    );
    const linkToken = new URL(mail.linkFor('logs@example.com')).searchParams.get('psg_magic_link') ?? '';
    await t.call('PATCH', path('/magic-link/activate'), { magic_link: linkToken });
    await t.call('POST', path('/magic-link/status'), { id: magic_link.id });

    await t.call(
      'PATCH',
      path('/currentuser/email'),
      { new_email: 'logs2@example.com' },
      bearer(signedIn.auth_token),
    );
    const verifyToken = new URL(mail.linkFor('logs2@example.com')).searchParams.get('psg_verify_link') ?? '';
    await t.call('PATCH', path('/magic-link/activate'), { magic_link: verifyToken });

    const refreshed = (
      await json(await t.call('POST', path('/tokens/'), { refresh_token: signedIn.refresh_token }))
    ).auth_result;
    await t.call('POST', path('/tokens/'), { refresh_token: signedIn.refresh_token }); // reuse → family revoked
    await t.call('DELETE', path(`/tokens/?refresh_token=${encodeURIComponent(refreshed.refresh_token)}`));
    await t.call('GET', path('/currentuser'), undefined, bearer(signedIn.auth_token));
  }

  async function passkeysAndDevices(): Promise<string> {
    const client = new PasskeyTestClient(t, TEST_APP_ID);
    const registered = await client.register('keys@example.com');
    expect(registered.status).toBe(201);
    expect((await client.login('keys@example.com')).status).toBe(200);
    const discoverable = await client.login();
    expect(discoverable.status).toBe(200);
    const session = bearer(discoverable.body.auth_result.auth_token);

    const start = await json(await t.call('POST', path('/currentuser/devices/start'), {}, session));
    const credential = client.authenticator.create(start.handshake.challenge.publicKey);
    const added = await t.call(
      'POST',
      path('/currentuser/devices/finish'),
      { user_id: registered.userId, handshake_id: start.handshake.id, handshake_response: credential },
      { ...session, 'user-agent': CHROME_ON_LINUX },
    );
    expect(added.status).toBe(201);
    const { device } = await json(added);
    await t.call('PATCH', path(`/currentuser/devices/${device.id}`), { friendly_name: 'Spare key' }, session);
    await t.call('GET', path('/currentuser/devices/'), undefined, session);
    expect(
      (await t.call('DELETE', path(`/currentuser/devices/${device.id}`), undefined, session)).status,
    ).toBe(200);
    return registered.userId;
  }

  async function adminAndContact(passkeyUserId: string): Promise<void> {
    expect((await admin('GET', '')).status).toBe(200);
    expect((await admin('GET', `/${TEST_APP_ID}/users?identifier=keys%40example.com`)).status).toBe(200);
    expect(
      (await admin('PATCH', `/${TEST_APP_ID}/users/${passkeyUserId}`, { status: 'inactive' })).status,
    ).toBe(200);
    expect((await admin('DELETE', `/${TEST_APP_ID}/users/${passkeyUserId}`)).status).toBe(204);
    expect(
      (await t.call('GET', '/admin/v1/apps', undefined, { authorization: 'Bearer wrong-key' })).status,
    ).toBe(401);
    const contact = await t.call('POST', '/api/v1.0/email/send', {
      lib_version: '4.4.1',
      user_id: TEST_APP_ID,
      service_id: 's',
      template_id: 't',
      template_params: { from_name: 'Logs', reply_to: 'logs@example.com', message: 'Hello' },
    });
    expect(contact.status).toBe(200);
  }

  /** An app API key made, used on the management API (a user, a magic link) and revoked: its secrets. */
  async function managementApi(): Promise<string[]> {
    const made = await json<{ key: string; api_key: { id: string } }>(
      await admin('POST', `/${TEST_APP_ID}/api-keys`, { name: 'logs' }),
    );
    const key = bearer(made.key);
    const created = await t.call('POST', path('/users'), { email: 'managed@example.com' }, key);
    expect(created.status).toBe(201);
    const { user } = await json<{ user: { id: string } }>(created);
    const link = await t.call('POST', path('/magic-links'), { user_id: user.id, channel: 'email' }, key);
    expect(link.status).toBe(201);
    const { magic_link } = await json<{ magic_link: { secret: string } }>(link);
    expect((await t.call('GET', path(`/users/${user.id}`), undefined, bearer(`${made.key}x`))).status).toBe(
      401,
    );
    expect((await admin('DELETE', `/${TEST_APP_ID}/api-keys/${made.api_key.id}`)).status).toBe(204);
    return [made.key, magic_link.secret];
  }

  it('covers every flow of the server and finds none of its secrets in the log', async () => {
    await codesAndLinks();
    const passkeyUserId = await passkeysAndDevices();
    await adminAndContact(passkeyUserId);
    const managementSecrets = await managementApi();

    await new Promise((resolve) => setTimeout(resolve, 100)); // let the logger flush
    const log = lines.join('\n');
    // The capture works: the run's events are there…
    for (const event of [
      'code.sent',
      'code.failed',
      'login.success',
      'token.reuse_detected',
      'magic_link.activated',
      'passkey.added',
      'passkey.removed',
      'user.deactivated',
      'user.deleted',
      'api_key.created',
      'magic_link.created',
      'api_key.revoked',
      '/api/v1.0/email/send',
    ]) {
      expect(log, event).toContain(event);
    }
    expect(log).toContain('tokens/?refresh_token=[redacted]');

    // …and every secret of the run was collected: codes and link tokens from every message sent,
    // auth and refresh tokens from every answer, and the admin key…
    const codes = mail.messages.map((m) => m.params.code).filter((code): code is string => !!code);
    const linkTokens = mail.messages
      .map((m) => (m.params.link ? new URL(m.params.link).searchParams : null))
      .map((query) => query?.get('psg_magic_link') ?? query?.get('psg_verify_link'))
      .filter((token): token is string => !!token);
    expect(codes).toHaveLength(1);
    expect(linkTokens).toHaveLength(2);
    // 1 OTP, 1 magic link + its status, 1 verification, 1 refresh, 1 passkey sign-up, 2 passkey logins.
    expect(issued.length).toBeGreaterThanOrEqual(2 * 8);
    const secrets = [...new Set([...codes, ...linkTokens, ...issued, ADMIN_KEY, ...managementSecrets])];
    // …and none is in the log.
    expect(secrets.every((s) => s.length >= 6)).toBe(true);
    for (const secret of secrets) {
      expect(
        log.includes(secret),
        `a secret of ${secret.length} chars is in: ${lines.find((l) => l.includes(secret))}`,
      ).toBe(false);
      expect(log.includes(encodeURIComponent(secret))).toBe(false);
    }
  });
});
