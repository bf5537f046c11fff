import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { twilioSignature } from '../../src/delivery/status/twilio-signature.js';
import { vonageSignature } from '../../src/delivery/status/vonage-signature.js';
import {
  type FakeSmsProvider,
  type ProviderReply,
  startFakeSmsProvider,
} from '../support/fake-sms-provider.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const TO = '+4915112345678';
const AUTH_TOKEN = 'tw-secret-token';
const SIGNATURE_SECRET = 'vonage-signature-secret';

let provider: FakeSmsProvider | undefined;
let t: RunningTestServer | undefined;
afterEach(async () => {
  await t?.stop();
  await provider?.stop();
  t = provider = undefined;
});

const twilioEnv = (url: string) => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_API_URL: url,
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  TWILIO_FROM: '+15017122661',
  SMS_DELIVERY_STATUS: 'on',
});
const vonageEnv = (url: string) => ({
  SMS_PROVIDER: 'vonage',
  VONAGE_API_URL: url,
  VONAGE_API_KEY: 'vo-key',
  VONAGE_API_SECRET: 'vo-secret',
  VONAGE_FROM: 'Shop',
  VONAGE_SIGNATURE_SECRET: SIGNATURE_SECRET,
  VONAGE_SIGNATURE_METHOD: 'sha256',
  SMS_DELIVERY_STATUS: 'on',
});

/**
 * A server against a fake provider answering `reply`; sends one SMS and waits until it is out. With
 * `logLines`, the server's log lines are collected there.
 */
async function sentThrough(
  env: (url: string) => Record<string, string>,
  reply: ProviderReply,
  logLines?: string[],
) {
  provider = await startFakeSmsProvider([], reply);
  const logStream = logLines && new PassThrough();
  logStream?.on('data', (chunk: Buffer) => logLines!.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await startTestServer({
    env: env(provider.url),
    build: { delivery: { pollMs: 50 } },
    ...(logStream ? { logStream } : {}),
  });
  await t.server.sender.enqueue({
    appId: TEST_APP_ID,
    channel: 'sms',
    to: TO,
    kind: 'one-time-code',
    language: 'en',
    params: { code: '778899' },
  });
  for (let i = 0; i < 400; i++) {
    const row = await t.server.db.selectFrom('outgoing_messages').selectAll().executeTakeFirst();
    if (row?.status === 'sent') return { server: t, row, requests: provider.requests };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the SMS was not sent');
}

/** The status URL the server gives providers: its PUBLIC_URL's (the test server's is localhost at its port). */
const statusUrlOf = (server: RunningTestServer, provider: string) =>
  `http://localhost:${new URL(server.baseUrl).port}/v1/sms/status/${provider}`;

const message = (server: RunningTestServer) =>
  server.server.db.selectFrom('outgoing_messages').selectAll().executeTakeFirstOrThrow();

/** POSTs a form to the server with `headers`. */
const postForm = (server: RunningTestServer, path: string, form: Record<string, string>, headers = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });

describe('SMS delivery status from Twilio', () => {
  const created: ProviderReply = { status: 201, body: { sid: 'SM0123456789', status: 'queued' } };
  const callback = (sid: string, status: string, extra: Record<string, string> = {}) => ({
    AccountSid: 'AC0123456789abcdef',
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    To: TO,
    ApiVersion: '2010-04-01',
    ...extra,
  });

  it('asks for callbacks at PUBLIC_URL, keeps the SID, and records a signed "delivered"', async () => {
    const { server, row, requests } = await sentThrough(twilioEnv, created);
    const statusUrl = statusUrlOf(server, 'twilio');
    expect(new URLSearchParams(requests[0]?.body).get('StatusCallback')).toBe(statusUrl);
    expect(row.provider_message_id).toBe('SM0123456789');
    expect(row.delivery_status).toBeNull();

    // An interim status is acknowledged and not recorded.
    const sent = callback('SM0123456789', 'sent');
    const interim = await postForm(server, '/v1/sms/status/twilio', sent, {
      'x-twilio-signature': twilioSignature(AUTH_TOKEN, statusUrl, sent),
    });
    expect(interim.status).toBe(204);
    expect((await message(server)).delivery_status).toBeNull();

    const delivered = callback('SM0123456789', 'delivered');
    const res = await postForm(server, '/v1/sms/status/twilio', delivered, {
      'x-twilio-signature': twilioSignature(AUTH_TOKEN, statusUrl, delivered),
    });
    expect(res.status).toBe(204);
    expect(await message(server)).toMatchObject({ delivery_status: 'delivered', status: 'sent' });
  });

  it('records a callback that arrives while the rest of its batch is still being sent', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    provider = await startFakeSmsProvider(
      [
        { status: 201, body: { sid: 'SMfast', status: 'queued' } },
        { status: 201, body: { sid: 'SMslow', status: 'queued' }, hold: held },
      ],
      created,
    );
    t = await startTestServer({ env: twilioEnv(provider.url), build: { delivery: { pollMs: 50 } } });
    const server = t;
    try {
      // Two SMS handed to the worker together: one batch.
      const tickets = await server.server.db.transaction().execute(async (trx) => {
        const sms = (to: string) => ({
          appId: TEST_APP_ID,
          channel: 'sms' as const,
          to,
          kind: 'one-time-code' as const,
          language: 'en',
          params: { code: '112233' },
        });
        return [
          await server.server.sender.enqueueIn(trx, sms(TO)),
          await server.server.sender.enqueueIn(trx, sms('+4915187654321')),
        ];
      });
      server.server.sender.release(tickets);
      const fast = async () =>
        server.server.db
          .selectFrom('outgoing_messages')
          .selectAll()
          .where('provider_message_id', '=', 'SMfast')
          .executeTakeFirst();
      for (let i = 0; i < 200 && !(await fast()); i++) await new Promise((r) => setTimeout(r, 25));
      expect(await fast()).toMatchObject({ status: 'sent', delivery_status: null });
      // Each send ends on its own, so the held one may reach the provider after the fast one is recorded.
      for (let i = 0; i < 200 && provider.requests.length < 2; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(provider.requests).toHaveLength(2); // the other send is still waiting for its answer

      const statusUrl = statusUrlOf(server, 'twilio');
      const delivered = callback('SMfast', 'delivered');
      const res = await postForm(server, '/v1/sms/status/twilio', delivered, {
        'x-twilio-signature': twilioSignature(AUTH_TOKEN, statusUrl, delivered),
      });
      expect(res.status).toBe(204);
      expect(await fast()).toMatchObject({ delivery_status: 'delivered' });
    } finally {
      release();
    }
    for (let i = 0; i < 200; i++) {
      const rows = await server.server.db.selectFrom('outgoing_messages').select('status').execute();
      if (rows.every((row) => row.status === 'sent')) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the held SMS was not marked sent');
  });

  it('keeps the first final status: a replayed or later callback changes nothing', async () => {
    const { server } = await sentThrough(twilioEnv, created);
    const statusUrl = statusUrlOf(server, 'twilio');
    const delivered = callback('SM0123456789', 'delivered');
    const failed = callback('SM0123456789', 'failed', { ErrorCode: '30008' });
    for (const form of [delivered, failed, delivered]) {
      const res = await postForm(server, '/v1/sms/status/twilio', form, {
        'x-twilio-signature': twilioSignature(AUTH_TOKEN, statusUrl, form),
      });
      expect(res.status).toBe(204);
    }
    expect(await message(server)).toMatchObject({ delivery_status: 'delivered', last_error: null });
  });

  it('records "undelivered" as failed with its error code', async () => {
    const { server } = await sentThrough(twilioEnv, created);
    const statusUrl = statusUrlOf(server, 'twilio');
    const undelivered = callback('SM0123456789', 'undelivered', { ErrorCode: '30003' });
    // As Twilio sends it, with a charset.
    const res = await postForm(server, '/v1/sms/status/twilio', undelivered, {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'x-twilio-signature': twilioSignature(AUTH_TOKEN, statusUrl, undelivered),
    });
    expect(res.status).toBe(204);
    expect(await message(server)).toMatchObject({
      delivery_status: 'failed',
      last_error: 'Twilio: undelivered, error 30003',
    });
  });

  it('refuses unsigned, forged and re-addressed callbacks, and records nothing', async () => {
    const { server } = await sentThrough(twilioEnv, created);
    const statusUrl = statusUrlOf(server, 'twilio');
    const delivered = callback('SM0123456789', 'delivered');
    const good = twilioSignature(AUTH_TOKEN, statusUrl, delivered);
    const attempts = [
      await postForm(server, '/v1/sms/status/twilio', delivered),
      await postForm(server, '/v1/sms/status/twilio', delivered, {
        'x-twilio-signature': twilioSignature('another-token', statusUrl, delivered),
      }),
      // Signed, then one field changed.
      await postForm(
        server,
        '/v1/sms/status/twilio',
        { ...delivered, MessageStatus: 'failed' },
        {
          'x-twilio-signature': good,
        },
      ),
      // Signed over another URL (a callback meant for another server).
      await postForm(server, '/v1/sms/status/twilio', delivered, {
        'x-twilio-signature': twilioSignature(
          AUTH_TOKEN,
          'https://other.example/v1/sms/status/twilio',
          delivered,
        ),
      }),
    ];
    expect(attempts.map((res) => res.status)).toEqual([400, 403, 403, 403]);
    expect(await attempts[1]!.json()).toEqual({ code: 'invalid_signature', error: expect.any(String) });
    expect((await message(server)).delivery_status).toBeNull();
  });
});

describe('SMS delivery receipts from Vonage', () => {
  const accepted: ProviderReply = {
    status: 200,
    body: { 'message-count': '1', messages: [{ status: '0', 'message-id': '0A0000000123ABCD1' }] },
  };
  const receipt = (status: string, extra: Record<string, string> = {}) => {
    const fields: Record<string, string> = {
      msisdn: TO.slice(1),
      to: 'Shop',
      'network-code': '26202',
      messageId: '0A0000000123ABCD1',
      price: '0.03330000',
      status,
      scts: '2001011400',
      'err-code': status === 'delivered' ? '0' : '5',
      'api-key': 'vo-key',
      'message-timestamp': '2026-11-28 21:00:00',
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: 'a3b9c8d7-1111-2222-3333-444455556666',
      ...extra,
    };
    return { ...fields, sig: vonageSignature(SIGNATURE_SECRET, 'sha256', fields) };
  };

  it('names the receipt URL, keeps the message-id, and records signed receipts by GET or POST', async () => {
    const { server, row, requests } = await sentThrough(vonageEnv, accepted);
    expect(new URLSearchParams(requests[0]?.body).get('callback')).toBe(statusUrlOf(server, 'vonage'));
    expect(row.provider_message_id).toBe('0A0000000123ABCD1');

    const query = new URLSearchParams(receipt('buffered')).toString();
    expect((await server.call('GET', `/v1/sms/status/vonage?${query}`)).status).toBe(204);
    expect((await message(server)).delivery_status).toBeNull();

    expect((await server.call('POST', '/v1/sms/status/vonage', receipt('delivered'))).status).toBe(204);
    expect((await message(server)).delivery_status).toBe('delivered');
  });

  it('records a failed receipt by form, once: a replay of the signed receipt changes nothing', async () => {
    const { server } = await sentThrough(vonageEnv, accepted);
    const failed = receipt('failed');
    for (const form of [failed, failed, receipt('delivered')]) {
      expect((await postForm(server, '/v1/sms/status/vonage', form)).status).toBe(204);
    }
    expect(await message(server)).toMatchObject({
      delivery_status: 'failed',
      last_error: 'Vonage: failed, error 5',
    });
  });

  it("logs a GET receipt's path without the number, the API key or the signature", async () => {
    const lines: string[] = [];
    const { server } = await sentThrough(vonageEnv, accepted, lines);
    const signed = receipt('delivered');
    const res = await server.call('GET', `/v1/sms/status/vonage?${new URLSearchParams(signed).toString()}`);
    expect(res.status).toBe(204);
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string } });
    const access = logged.find((line) => line.req?.url.startsWith('/v1/sms/status/vonage?'));
    expect(access?.req?.url).toContain('msisdn=[redacted]');
    expect(access?.req?.url).toContain('messageId=0A0000000123ABCD1');
    const text = lines.join('\n');
    for (const value of [TO.slice(1), TO, 'vo-key', signed.sig]) expect(text).not.toContain(value);
  });

  it('refuses unsigned, forged and stale receipts', async () => {
    const { server } = await sentThrough(vonageEnv, accepted);
    const { sig: _sig, ...unsigned } = receipt('delivered');
    const stale = receipt('delivered', { timestamp: String(Math.floor(Date.now() / 1000) - 3600) });
    const forged = { ...receipt('delivered'), status: 'failed' };
    const statuses = [];
    for (const body of [unsigned, stale, forged, { ...receipt('delivered'), 'api-key': 'other-key' }]) {
      statuses.push((await server.call('POST', '/v1/sms/status/vonage', body)).status);
    }
    expect(statuses).toEqual([400, 403, 403, 403]);
    expect((await message(server)).delivery_status).toBeNull();
  });

  it('needs the signature secret to turn delivery status on, and refuses it for SNS', () => {
    const { VONAGE_SIGNATURE_SECRET: _secret, ...withoutSecret } = vonageEnv('https://rest.nexmo.com');
    expect(() => loadConfig(withoutSecret)).toThrow(ConfigError);
    expect(() => loadConfig(withoutSecret)).toThrow(/VONAGE_SIGNATURE_SECRET/);
    const sns = {
      SMS_PROVIDER: 'sns',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIA',
      AWS_SECRET_ACCESS_KEY: 'x',
      SMS_DELIVERY_STATUS: 'on',
    };
    expect(() => loadConfig(sns)).toThrow(/CloudWatch/);
  });

  it('needs the signature method named, and delivery status needs a provider', () => {
    const { VONAGE_SIGNATURE_METHOD: _method, ...withoutMethod } = vonageEnv('https://rest.nexmo.com');
    expect(() => loadConfig(withoutMethod)).toThrow(ConfigError);
    expect(() => loadConfig(withoutMethod)).toThrow(
      /SMS_PROVIDER=vonage with SMS_DELIVERY_STATUS=on needs VONAGE_SIGNATURE_METHOD .*md5hash/,
    );
    const md5 = loadConfig({ ...withoutMethod, VONAGE_SIGNATURE_METHOD: 'MD5HASH' }).smsProvider;
    expect(md5).toMatchObject({ deliveryStatus: { signatureMethod: 'md5hash' } });
    // Without delivery status the method is not needed.
    const { SMS_DELIVERY_STATUS: _on, ...plain } = withoutMethod;
    expect(loadConfig(plain).smsProvider).toMatchObject({ kind: 'vonage', deliveryStatus: null });

    expect(() => loadConfig({ SMS_DELIVERY_STATUS: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_DELIVERY_STATUS: 'on' })).toThrow(/SMS_PROVIDER is not set/);
    expect(loadConfig({ SMS_DELIVERY_STATUS: 'off' }).smsProvider).toBeNull();
  });
});
