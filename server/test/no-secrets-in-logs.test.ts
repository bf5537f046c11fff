import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMessages } from './support/captured-messages.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from './support/test-server.js';

/** Security notes L2: no code, link token, auth token or refresh token in any log line of a full run. */
describe('logs never contain a secret', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  const lines: string[] = [];
  const path = (suffix: string) => `/v1/apps/${TEST_APP_ID}${suffix}`;
  const json = async <T>(res: Response) => (await res.json()) as T;

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await startTestServer({ logStream, env: { LOG_LEVEL: 'debug' } });
    mail = captureMessages(t);
  });
  afterAll(() => t.stop());

  it('covers codes, links, verification links, auth and refresh tokens, refresh and sign-out', async () => {
    const secrets: string[] = [];
    type Auth = { auth_result: { auth_token: string; refresh_token: string } };
    const keep = (auth: Auth) => {
      secrets.push(auth.auth_result.auth_token, auth.auth_result.refresh_token);
      return auth.auth_result;
    };

    const { otp_id } = await json<{ otp_id: string }>(
      await t.call('POST', path('/register/otp'), { identifier: 'logs@example.com' }),
    );
    const code = mail.codeFor('logs@example.com');
    secrets.push(code);
    await t.call('POST', path('/otp/activate'), {
      otp: String((Number(code) + 1) % 1e6).padStart(6, '0'),
      otp_id,
    });
    const signedIn = keep(
      await json<Auth>(await t.call('POST', path('/otp/activate'), { otp: code, otp_id })),
    );

    const { magic_link } = await json<{ magic_link: { id: string } }>(
      await t.call('POST', path('/login/magic-link'), {
        identifier: 'logs@example.com',
        magic_link_path: '/',
      }),
    );
    const linkToken = new URL(mail.linkFor('logs@example.com')).searchParams.get('psg_magic_link') ?? '';
    secrets.push(linkToken);
    keep(await json<Auth>(await t.call('PATCH', path('/magic-link/activate'), { magic_link: linkToken })));
    keep(await json<Auth>(await t.call('POST', path('/magic-link/status'), { id: magic_link.id })));

    const bearer = { authorization: `Bearer ${signedIn.auth_token}` };
    await t.call('PATCH', path('/currentuser/email'), { new_email: 'logs2@example.com' }, bearer);
    const verifyToken = new URL(mail.linkFor('logs2@example.com')).searchParams.get('psg_verify_link') ?? '';
    secrets.push(verifyToken);
    keep(await json<Auth>(await t.call('PATCH', path('/magic-link/activate'), { magic_link: verifyToken })));

    const refreshed = keep(
      await json<Auth>(await t.call('POST', path('/tokens/'), { refresh_token: signedIn.refresh_token })),
    );
    await t.call('POST', path('/tokens/'), { refresh_token: signedIn.refresh_token }); // reuse → family revoked
    await t.call('DELETE', path(`/tokens/?refresh_token=${encodeURIComponent(refreshed.refresh_token)}`));
    await t.call('GET', path('/currentuser'), undefined, bearer);

    await new Promise((resolve) => setTimeout(resolve, 100)); // let the logger flush
    const log = lines.join('\n');
    // The capture works: the run's events are there…
    for (const event of [
      'code.sent',
      'code.failed',
      'login.success',
      'token.reuse_detected',
      'magic_link.activated',
    ]) {
      expect(log).toContain(event);
    }
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('tokens/?refresh_token=[redacted]');
    // …and no secret is.
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
