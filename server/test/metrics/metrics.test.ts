import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../src/delivery/outgoing-message.js';
import { captureMessages } from '../support/captured-messages.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { testDbKind } from '../support/test-database.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { PasskeyTestClient } from '../webauthn/passkey-test-client.js';
import { scrape } from './scrape.js';

const path = (suffix: string) => `/v1/apps/${TEST_APP_ID}${suffix}`;

describe('metrics off (the default)', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  it('have no listener, and the public port does not serve them', async () => {
    expect(t.server.metrics).toBeNull();
    expect(t.metricsUrl).toBeNull();
    expect((await t.call('GET', '/metrics')).status).toBe(404);
  });
});

describe('metrics on (METRICS_PORT)', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  const requestCode = async (kind: 'login' | 'register', identifier: string) => {
    const res = await t.call('POST', path(`/${kind}/otp`), { identifier });
    expect(res.status).toBe(201);
    return ((await res.json()) as { otp_id: string }).otp_id;
  };
  const activate = (otp_id: string, otp: string) => t.call('POST', path('/otp/activate'), { otp, otp_id });
  const signedUp = async (who: string) => {
    const otpId = await requestCode('register', who);
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
  };
  const otpCounts = async () => {
    const metrics = await scrape(t.metricsUrl!);
    const labels = { method: 'otp', app: TEST_APP_ID };
    return {
      signIns: metrics.value('open_passage_sign_ins_total', labels),
      failures: metrics.value('open_passage_sign_in_failures_total', labels),
    };
  };

  beforeAll(async () => {
    t = await startTestServer({ env: { METRICS_PORT: '0' } });
    mail = captureMessages(t);
  });
  afterAll(() => t.stop());
  beforeEach(async () => {
    await t.server.db.deleteFrom('rate_limits').execute();
  });

  it('are served on their own loopback listener, never on the public port', async () => {
    expect(t.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(t.metricsUrl!).port).not.toBe(new URL(t.baseUrl).port);
    expect((await t.call('GET', '/metrics')).status).toBe(404);
    const metrics = await scrape(t.metricsUrl!);
    expect(metrics.has('process_cpu_user_seconds_total')).toBe(true);
    expect(metrics.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('count a sign-in with a one-time code for its method and app', async () => {
    await signedUp('counted@example.com');
    const before = await otpCounts();
    const otpId = await requestCode('login', 'counted@example.com');
    expect((await activate(otpId, mail.codeFor('counted@example.com'))).status).toBe(200);
    expect(await otpCounts()).toEqual({ signIns: before.signIns + 1, failures: before.failures });
  });

  it('count a wrong code as a failure, not a sign-in', async () => {
    await signedUp('wrong@example.com');
    const before = await otpCounts();
    const otpId = await requestCode('login', 'wrong@example.com');
    const code = mail.codeFor('wrong@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await activate(otpId, wrong)).status).toBe(400);
    expect(await otpCounts()).toEqual({ signIns: before.signIns, failures: before.failures + 1 });
  });

  it('count an unknown magic link as a magic-link failure', async () => {
    const labels = { method: 'magic_link', app: TEST_APP_ID };
    const before = (await scrape(t.metricsUrl!)).value('open_passage_sign_in_failures_total', labels);
    const res = await t.call('PATCH', path('/magic-link/activate'), { magic_link: 'x'.repeat(24) });
    expect(res.status).toBe(404);
    const after = (await scrape(t.metricsUrl!)).value('open_passage_sign_in_failures_total', labels);
    expect(after).toBe(before + 1);
  });

  it('count passkey sign-ins, and an assertion from another origin as a passkey failure', async () => {
    const passkeys = new PasskeyTestClient(t, TEST_APP_ID);
    const counts = async () => {
      const metrics = await scrape(t.metricsUrl!);
      const labels = { method: 'passkey', app: TEST_APP_ID };
      return [
        metrics.value('open_passage_sign_ins_total', labels),
        metrics.value('open_passage_sign_in_failures_total', labels),
      ];
    };
    const [signIns = 0, failures = 0] = await counts();
    expect((await passkeys.register('passkey@example.com')).status).toBe(201);
    expect((await passkeys.login('passkey@example.com')).status).toBe(200);
    expect((await passkeys.login('passkey@example.com', { origin: 'https://evil.example' })).status).toBe(
      401,
    );
    expect(await counts()).toEqual([signIns + 2, failures + 1]);
  });

  it('count a rate-limit refusal by the limit that refused', async () => {
    await signedUp('limited@example.com');
    await t.server.db.deleteFrom('rate_limits').execute(); // the sign-up's code counted too
    const refusals = async () =>
      (await scrape(t.metricsUrl!)).value('open_passage_rate_limit_refusals_total', {
        limit: 'send_per_identifier',
      });
    const before = await refusals();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.call('POST', path('/login/otp'), { identifier: 'limited@example.com' })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await refusals()).toBe(before + 1);
  });

  it('time requests by route family, with no path, identifier or code in any label', async () => {
    await t.call('GET', '/v1/health');
    const otpId = await requestCode('register', 'timed@example.com');
    const metrics = await scrape(t.metricsUrl!);
    const count = 'open_passage_http_request_duration_seconds_count';
    expect(metrics.value(count, { family: 'health', status: '2xx' })).toBeGreaterThan(0);
    expect(metrics.value(count, { family: 'otp', status: '2xx' })).toBeGreaterThan(0);
    for (const secret of ['timed@example.com', otpId, mail.codeFor('timed@example.com'), '/v1/apps']) {
      expect(metrics.text).not.toContain(secret);
    }
  });

  it('show the database pool where there is one (PostgreSQL), and none on SQLite', async () => {
    const metrics = await scrape(t.metricsUrl!);
    if (testDbKind === 'postgres') {
      expect(metrics.value('open_passage_db_pool_connections')).toBeGreaterThan(0);
      expect(metrics.has('open_passage_db_pool_idle_connections')).toBe(true);
      // The scrape's own queue-depth query may be waiting for a connection as the pool is read.
      expect(metrics.has('open_passage_db_pool_waiting_queries')).toBe(true);
    } else {
      expect(metrics.has('open_passage_db_pool_connections')).toBe(false);
    }
  });
});

describe('metrics of the delivery queue', () => {
  let t: RunningTestServer | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('count a failed send by channel and show the message still queued', async () => {
    const probe = await startSmtpSink();
    await probe.stop(); // nothing listens on the SMTP port: every send fails
    t = await startTestServer({
      env: { METRICS_PORT: '0', SMTP_URL: `smtp://127.0.0.1:${probe.port}` },
      build: { delivery: { pollMs: 50, backoff: { baseMs: 40, maxMs: 150 } } },
    });
    const message: OutgoingMessage = {
      appId: TEST_APP_ID,
      channel: 'email',
      to: 'unreachable@example.com',
      kind: 'one-time-code',
      language: 'en',
      params: { code: '424242' },
    };
    await t.server.sender.enqueue(message);
    const end = Date.now() + 10_000;
    let metrics = await scrape(t.metricsUrl!);
    while (
      metrics.value('open_passage_delivery_failures_total', { channel: 'email', outcome: 'retry' }) < 1
    ) {
      if (Date.now() > end) throw new Error('no delivery failure was counted');
      await new Promise((resolve) => setTimeout(resolve, 25));
      metrics = await scrape(t.metricsUrl!);
    }
    expect(metrics.value('open_passage_delivery_queue_depth', { channel: 'email' })).toBe(1);
    expect(metrics.value('open_passage_delivery_queue_depth', { channel: 'sms' })).toBe(0);
    expect(metrics.text).not.toContain('unreachable@example.com');
  });
});
