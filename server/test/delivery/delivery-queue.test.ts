import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { DeliveryWorker } from '../../src/delivery/delivery-worker.js';
import type { OutgoingMessage } from '../../src/delivery/outgoing-message.js';
import { ParamsCipher } from '../../src/security/params-cipher.js';
import { QueueRepository } from '../../src/delivery/queue-repository.js';
import type { Envelope, Transport } from '../../src/delivery/transports/transport.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const fastRetries = { pollMs: 50, backoff: { baseMs: 40, maxMs: 150 } };
const codeMail = (to: string, code = '424242'): OutgoingMessage => ({
  appId: TEST_APP_ID,
  channel: 'email',
  to,
  kind: 'one-time-code',
  language: 'de',
  params: { code },
});

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('delivery over SMTP', () => {
  let t: RunningTestServer | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('sends a queued code by SMTP in the app language, then wipes the code from the queue', async () => {
    const sink = await startSmtpSink();
    t = await startTestServer({
      apps: [{ id: TEST_APP_ID, name: 'Demo Shop' }],
      env: { SMTP_URL: sink.url, MAIL_FROM: 'login@shop.example' },
      build: { delivery: fastRetries },
    });
    await t.server.sender.enqueue(codeMail('kim@example.com', '987123'));
    const [mail] = await sink.waitFor(1);
    expect(mail?.recipients).toEqual(['kim@example.com']);
    expect(mail?.from).toBe('login@shop.example');
    expect(mail?.headers).toContain('Subject: =?UTF-8?Q?Ihr_Anmeldecode_f=C3=BCr_Demo_Shop?=');
    expect(mail?.headers).toMatch(/From: "?Demo Shop"? <login@shop\.example>/);
    expect(mail?.raw).toContain('987123');
    expect(mail?.raw).toContain('text/html');
    const row = await until(async () => {
      const r = await t!.server.db.selectFrom('outgoing_messages').selectAll().executeTakeFirst();
      return r?.status === 'sent' && r;
    });
    expect(row.params).toBe('{}');
    expect(row.attempts).toBe(1);
    await sink.stop();
  });

  it('rides out an SMTP outage: enqueue stays instant, the message waits, then arrives once', async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.stop(); // the outage: nothing listens on the SMTP port
    t = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      build: { delivery: fastRetries },
    });

    const started = performance.now();
    await t.server.sender.enqueue(codeMail('outage@example.com', '111222'));
    expect(performance.now() - started).toBeLessThan(200);
    const health = await t.call('GET', '/v1/health');
    expect(health.status).toBe(200);

    const failing = await until(async () => {
      const r = await t!.server.db.selectFrom('outgoing_messages').selectAll().executeTakeFirst();
      return r && r.attempts >= 3 && r;
    });
    expect(failing.status).toBe('pending');
    expect(failing.last_error).toMatch(/SMTP/);

    const sink = await startSmtpSink(port); // recovery
    const [mail] = await sink.waitFor(1);
    expect(mail?.recipients).toEqual(['outage@example.com']);
    expect(mail?.raw).toContain('111222');
    await until(async () => {
      const r = await t!.server.db.selectFrom('outgoing_messages').select('status').executeTakeFirst();
      return r?.status === 'sent';
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received).toHaveLength(1);
    await sink.stop();
  });
});

describe('delivery: what the queue keeps', () => {
  let t: RunningTestServer | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('keeps a code sealed in the queue while it waits, and drops it unsent once it has expired', async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.stop(); // nothing listens: the messages wait in the queue
    t = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      build: { delivery: fastRetries },
    });
    await t.server.sender.enqueue({
      ...codeMail('sealed@example.com', '135791'),
      expiresAt: Date.now() + 60_000,
    });
    await t.server.sender.enqueue({ ...codeMail('late@example.com', '246802'), expiresAt: Date.now() + 400 });
    const rows = await t.server.db.selectFrom('outgoing_messages').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.params).toMatch(/^v1\./);
      expect(row.params).not.toMatch(/135791|246802/);
    }
    const expired = await until(async () => {
      const r = await t!.server.db
        .selectFrom('outgoing_messages')
        .selectAll()
        .where('recipient', '=', 'late@example.com')
        .executeTakeFirst();
      return r?.status === 'failed' && r;
    });
    expect(expired).toMatchObject({ params: '{}', last_error: 'expired before it could be sent' });

    const sink = await startSmtpSink(port);
    const [mail] = await sink.waitFor(1);
    expect(mail?.recipients).toEqual(['sealed@example.com']);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received).toHaveLength(1);
    await sink.stop();
  });

  it('sends what an instance enqueues at once, without waiting for a poll', async () => {
    const sink = await startSmtpSink();
    t = await startTestServer({ env: { SMTP_URL: sink.url }, build: { delivery: { pollMs: 60_000 } } });
    const started = performance.now();
    await t.server.sender.enqueue(codeMail('instant@example.com'));
    await sink.waitFor(1);
    expect(performance.now() - started).toBeLessThan(2_000);
    await sink.stop();
  });
});

describe('delivery over the SMS adapter', () => {
  it('POSTs {to, text} as JSON with Basic auth from the URL, retrying a 503', async () => {
    const calls: { body: unknown; auth: string | undefined }[] = [];
    let answers = [503, 200];
    const server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        calls.push({ body: JSON.parse(body), auth: req.headers.authorization });
        res.statusCode = answers.shift() ?? 200;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const t = await startTestServer({
      env: { SMS_PROVIDER: `http://gw:s3cret@127.0.0.1:${port}/send` },
      build: { delivery: fastRetries },
    });
    try {
      await t.server.sender.enqueue({
        ...codeMail('+4915112345678', '778899'),
        channel: 'sms',
        language: 'en',
      });
      await until(async () => calls.length >= 2);
      expect(calls[1]?.body).toEqual({
        to: '+4915112345678',
        text: '778899 is your Test app code. It expires in 5 minutes.',
      });
      expect(calls[1]?.auth).toBe(`Basic ${Buffer.from('gw:s3cret').toString('base64')}`);
      await until(async () => {
        const r = await t.server.db.selectFrom('outgoing_messages').select('status').executeTakeFirst();
        return r?.status === 'sent';
      });
    } finally {
      answers = [];
      await t.stop();
      server.close();
    }
  });

  it('treats a 4xx as permanent: a few tries, then the message is marked failed and wiped', async () => {
    let calls = 0;
    const server = createServer((req, res) => {
      calls++;
      req.resume();
      res.statusCode = 400;
      res.end('bad number');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const t = await startTestServer({
      env: { SMS_PROVIDER: `http://127.0.0.1:${port}/send` },
      build: { delivery: { ...fastRetries, permanentAttempts: 3 } },
    });
    try {
      await t.server.sender.enqueue({ ...codeMail('+15550000000'), channel: 'sms' });
      const row = await until(async () => {
        const r = await t.server.db.selectFrom('outgoing_messages').selectAll().executeTakeFirst();
        return r?.status === 'failed' && r;
      });
      expect(row.attempts).toBe(3);
      expect(row.params).toBe('{}');
      expect(row.last_error).toContain('HTTP 400');
      expect(calls).toBe(3);
    } finally {
      await t.stop();
      server.close();
    }
  });
});

describe('the dev outbox (no transport configured)', () => {
  it('keeps the rendered message for GET /dev/outbox, newest first', async () => {
    const t = await startTestServer();
    try {
      await t.server.sender.enqueue(codeMail('dev@example.com', '246810'));
      await t.server.sender.enqueue({
        ...codeMail('+15550001111', '135790'),
        channel: 'sms',
        language: 'en',
      });
      const list = await until(async () => {
        const res = await t.call('GET', '/dev/outbox');
        const body = (await res.json()) as { to: string; text: string; subject: string; channel: string }[];
        return body.length === 2 && body;
      });
      const email = list.find((m) => m.channel === 'email');
      expect(email).toMatchObject({ to: 'dev@example.com', subject: 'Ihr Anmeldecode für Test app' });
      expect(email?.text).toContain('246810');
      expect(list.find((m) => m.channel === 'sms')?.text).toContain('135790');
    } finally {
      await t.stop();
    }
  });

  it('does not exist outside development mode, where email goes out through SMTP_URL', async () => {
    const mail = await startSmtpSink();
    const t = await startTestServer({ env: { NODE_ENV: 'production', SMTP_URL: mail.url } });
    try {
      expect(t.server.devOutbox).toBeNull();
      expect((await t.call('GET', '/dev/outbox')).status).toBe(404);
    } finally {
      await t.stop();
      await mail.stop();
    }
  });
});

describe('several instances on one database', () => {
  let database: TestDatabase;
  const dbs: Db[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
    await database?.drop();
  });

  it('never sends a message twice when two workers drain the same queue', async () => {
    database = await createTestDatabase();
    const first = openDatabase(database.url);
    dbs.push(first.db);
    await migrateToLatest(first.db);
    // SQLite in memory is one connection: both workers share it; PostgreSQL gets two real pools.
    const second = first.kind === 'postgres' ? openDatabase(database.url) : first;
    if (second !== first) dbs.push(second.db);

    const seen: string[] = [];
    const slowTransport: Transport = {
      name: 'counting',
      async send(envelope: Envelope) {
        seen.push(envelope.to);
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    const log = pino({ level: 'silent' });
    const cipher = new ParamsCipher(randomBytes(32));
    const queues = [
      new QueueRepository(first.db, first.kind, cipher),
      new QueueRepository(second.db, second.kind, cipher),
    ];
    for (let i = 0; i < 60; i++) await queues[0]!.insert(codeMail(`user${i}@example.com`), Date.now());
    const workers = queues.map(
      (queue) =>
        new DeliveryWorker(queue, { email: slowTransport, sms: null }, async () => 'Demo', log, {
          batchSize: 7,
          pollMs: 20,
        }),
    );
    for (const worker of workers) worker.start();
    await until(async () => seen.length >= 60);
    await new Promise((r) => setTimeout(r, 200));
    for (const worker of workers) await worker.stop();
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    const pending = await first.db
      .selectFrom('outgoing_messages')
      .select('id')
      .where('status', '!=', 'sent')
      .execute();
    expect(pending).toHaveLength(0);
  });

  it('claims at most a batch at once, however many messages are due', async () => {
    database = await createTestDatabase();
    const { db, kind } = openDatabase(database.url);
    dbs.push(db);
    await migrateToLatest(db);
    const queue = new QueueRepository(db, kind, new ParamsCipher(randomBytes(32)));
    for (let i = 0; i < 60; i++) await queue.insert(codeMail(`batch${i}@example.com`), Date.now());
    // PostgreSQL may run an IN (… LIMIT … SKIP LOCKED) subquery once per row and claim far more.
    expect(await queue.claimDue('worker-a', Date.now(), 60_000, 7)).toHaveLength(7);
    expect(await queue.claimDue('worker-b', Date.now(), 60_000, 7)).toHaveLength(7);
  });
});
