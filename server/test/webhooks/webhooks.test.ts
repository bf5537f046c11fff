import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scrape } from '../metrics/scrape.js';
import { newApiKey } from '../support/api-key.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const ADMIN_KEY = 'admin-key-for-webhook-tests-000';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Endpoints through the management API, signed messages on a real receiver, retries and the log. */
describe('webhooks', () => {
  let t: RunningTestServer;
  let apiKey: string;
  const receivers: WebhookReceiver[] = [];
  const app = `/v1/apps/${TEST_APP_ID}`;
  const manage = async (method: string, path: string, body?: unknown) => {
    const res = await t.call(method, `${app}${path}`, body, { authorization: `Bearer ${apiKey}` });
    return { status: res.status, body: res.status === 204 ? {} : ((await res.json()) as Json) };
  };
  const receiver = async () => {
    const started = await new WebhookReceiver().start();
    receivers.push(started);
    return started;
  };
  /** A new endpoint for `target`, whose receiver learns the secret. */
  const endpointFor = async (target: WebhookReceiver, eventTypes = ['*'], url = target.url) => {
    const made = await manage('POST', '/webhooks', { url, event_types: eventTypes });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    target.secret = made.body.secret as string;
    return made.body.webhook.id as string;
  };
  const deliveries = async (id: string) => {
    const page = await manage('GET', `/webhooks/${id}/deliveries`);
    expect(page.status).toBe(200);
    return (page.body.deliveries as Json[]).toReversed();
  };

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY, WEBHOOK_TIMEOUT_SECONDS: '1', METRICS_PORT: '0' },
      build: { webhooks: { pollMs: 50, backoff: { baseMs: 100, maxMs: 300 } } },
    });
    apiKey = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
  });
  afterAll(async () => {
    await t.stop();
    for (const started of receivers) await started.stop();
  });

  it('shows the secret once: whsec_, never in the list or the endpoint', async () => {
    const made = await manage('POST', '/webhooks', {
      url: 'https://hooks.example.com/passage',
      event_types: ['login'],
      description: 'billing',
    });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.body.webhook).toMatchObject({
      event_types: ['login'],
      description: 'billing',
      enabled: true,
    });
    const id = made.body.webhook.id as string;
    const listed = await manage('GET', '/webhooks');
    const one = await manage('GET', `/webhooks/${id}`);
    expect(JSON.stringify([listed.body, one.body])).not.toContain(made.body.secret);
    const row = await t.server.db
      .selectFrom('webhook_endpoints')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain((made.body.secret as string).slice(6, 30));
    expect((await manage('DELETE', `/webhooks/${id}`)).status).toBe(204);
    expect((await manage('GET', `/webhooks/${id}`)).body.code).toBe('webhook_not_found');
  });

  it('refuses unknown event types and fields, and an update with nothing in it', async () => {
    const bad = await manage('POST', '/webhooks', {
      url: 'https://a.example',
      event_types: ['user.created'],
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    // The answer names the types, so that `user_created` is one look away.
    expect(bad.body.error).toMatch(
      /^body\.event_types\.0 must be one of: \*, login, login_failed, .*user_created/,
    );
    const extra = await manage('POST', '/webhooks', {
      url: 'https://a.example',
      event_types: ['*'],
      secret: 'whsec_mine',
    });
    expect(extra.status).toBe(400);
    const made = await manage('POST', '/webhooks', { url: 'https://a.example', event_types: ['*'] });
    const id = made.body.webhook.id as string;
    expect((await manage('PATCH', `/webhooks/${id}`, {})).status).toBe(400);
    // Gone again, so that the other tests' events go to no host of the internet.
    expect((await manage('DELETE', `/webhooks/${id}`)).status).toBe(204);
    expect((await manage('POST', '/webhooks/ep_000000000000000000000000/test')).status).toBe(404);
    expect((await t.call('GET', `${app}/webhooks`)).status).not.toBe(200);
  });

  it("signs each event's message so that Webhook#verify accepts it, and sends only subscribed types", async () => {
    const all = await receiver();
    const onlyFailures = await receiver();
    await endpointFor(all);
    await endpointFor(onlyFailures, ['login_failed']);
    const created = await manage('POST', '/users', { email: 'hooked@example.com' });
    expect(created.status).toBe(201);
    const userId = created.body.user.id as string;

    await vi.waitFor(() => expect(all.processed.size).toBe(1));
    const [message] = all.received;
    expect(message!.id).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    expect(message!.verified).toEqual({
      type: 'user_created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        app_id: TEST_APP_ID,
        event_id: expect.any(String),
        user_id: userId,
        method: null,
        actor: 'api_key',
      },
    });
    // Another secret does not verify it.
    const other = new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`);
    expect(() =>
      other.verify(message!.body, {
        'webhook-id': message!.id,
        'webhook-timestamp': message!.timestamp,
        'webhook-signature': message!.signature,
      }),
    ).toThrow();
    expect(onlyFailures.received).toEqual([]);
  });

  it('sends a webhook.test message on request and logs the delivery', async () => {
    const target = await receiver();
    const id = await endpointFor(target, ['login']);
    const queued = await manage('POST', `/webhooks/${id}/test`);
    expect(queued.status).toBe(202);
    await vi.waitFor(() => expect(target.processed.has(queued.body.message_id as string)).toBe(true));
    expect(target.received[0]!.verified).toMatchObject({
      type: 'webhook.test',
      data: { app_id: TEST_APP_ID, webhook_id: id },
    });
    await vi.waitFor(async () =>
      expect(await deliveries(id)).toEqual([
        expect.objectContaining({
          message_id: queued.body.message_id,
          event_type: 'webhook.test',
          attempt: 1,
          status_code: 200,
          error: null,
        }),
      ]),
    );
    const row = await t.server.webhooks.outbox.find(queued.body.message_id as string);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimed_by: null });
  });

  it('retries after a 500 and a timeout with the same message id, and logs every try', async () => {
    const target = await receiver();
    target.answers = [500, 'hang'];
    const id = await endpointFor(target);
    const { message_id } = (await manage('POST', `/webhooks/${id}/test`)).body;
    await vi.waitFor(() => expect(target.processed.has(message_id as string)).toBe(true), { timeout: 8000 });
    expect(target.received.map((entry) => entry.id)).toEqual([message_id, message_id, message_id]);
    await vi.waitFor(async () =>
      expect((await deliveries(id)).map((d) => [d.attempt, d.status_code])).toEqual([
        [1, 500],
        [2, null],
        [3, 200],
      ]),
    );
    const log = await deliveries(id);
    expect(log[0]!.error).toBe('the receiver answered 500');
    expect(log[1]!.error).toMatch(/no answer within 1 s/);
    const metrics = await scrape(t.metricsUrl!);
    expect(metrics.value('open_passage_webhook_failures_total', { outcome: 'retry' })).toBeGreaterThanOrEqual(
      2,
    );
    expect(metrics.has('open_passage_webhook_queue_depth')).toBe(true);
  });

  it('loses nothing while the receiver is down (connection refused), and sends it all once it is up', async () => {
    const target = await receiver();
    const id = await endpointFor(target);
    await target.stop();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await manage('POST', `/webhooks/${id}/test`)).body.message_id as string);
    await vi.waitFor(async () => {
      const log = await deliveries(id);
      expect(log.filter((d) => /ECONNREFUSED/.test(d.error as string)).length).toBeGreaterThanOrEqual(5);
    });
    await target.start();
    await vi.waitFor(() => expect([...target.processed].sort()).toEqual(ids.toSorted()), { timeout: 8000 });
    expect(target.duplicates).toBe(0);
  });

  it('signs with the new secret at once after a rotation', async () => {
    const target = await receiver();
    const id = await endpointFor(target);
    const rotated = await manage('POST', `/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(target.secret);
    target.secret = rotated.body.secret as string;
    const { message_id } = (await manage('POST', `/webhooks/${id}/test`)).body;
    await vi.waitFor(() => expect(target.processed.has(message_id as string)).toBe(true));
  });

  it('queues no message for a disabled endpoint', async () => {
    const target = await receiver();
    const id = await endpointFor(target);
    expect((await manage('PATCH', `/webhooks/${id}`, { enabled: false })).body.webhook.enabled).toBe(false);
    expect((await manage('POST', '/users', { email: 'unheard@example.com' })).status).toBe(201);
    const queued = await t.server.db
      .selectFrom('webhook_messages')
      .select('id')
      .where('endpoint_id', '=', id)
      .execute();
    expect(queued).toEqual([]);
  });

  it('writes an event and its messages in one transaction: a rollback keeps neither', async () => {
    const target = await receiver();
    const id = await endpointFor(target);
    const client = { ip: '127.0.0.1', userAgent: '' };
    const failed = t.server.db.transaction().execute(async (trx) => {
      await t.server.identity.events.record(
        { appId: TEST_APP_ID, userId: null, type: 'login_failed', client },
        trx,
      );
      throw new Error('the change the event records failed');
    });
    await expect(failed).rejects.toThrow('the change the event records failed');
    const queued = await t.server.db
      .selectFrom('webhook_messages')
      .select('id')
      .where('endpoint_id', '=', id)
      .execute();
    expect(queued).toEqual([]);
  });
});

describe('webhook retention', () => {
  it('deletes tries and delivered messages older than EVENT_RETENTION_DAYS, never pending ones', async () => {
    const t = await startTestServer({ env: { EVENT_RETENTION_DAYS: '30' } });
    try {
      const { db, webhooks, identity } = t.server;
      // No sends: the rows below are set by hand.
      await webhooks.stop();
      const { endpoint } = await webhooks.endpoints.create(TEST_APP_ID, {
        url: 'https://hooks.example.com/x',
        eventTypes: ['*'],
        description: '',
        enabled: false,
      });
      const daysAgo = (days: number) => Date.now() - days * 86_400_000;
      const message = {
        appId: TEST_APP_ID,
        endpointId: endpoint.id,
        eventType: 'webhook.test',
        payload: '{}',
      };
      const [oldSent, oldPending, newSent] = [
        ...(await webhooks.outbox.insert([message, message], daysAgo(31))),
        ...(await webhooks.outbox.insert([message], daysAgo(29))),
      ];
      await db
        .updateTable('webhook_messages')
        .set({ status: 'sent' })
        .where('id', 'in', [oldSent!, newSent!])
        .execute();
      // Not due for a while, so that the worker leaves it alone.
      await db
        .updateTable('webhook_messages')
        .set({ next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() })
        .where('id', '=', oldPending!)
        .execute();
      const tries = [oldSent!, newSent!].map((messageId) => ({
        messageId,
        endpointId: endpoint.id,
        eventType: 'webhook.test',
        attempt: 1,
        statusCode: 200,
        durationMs: 5,
        error: null,
      }));
      await webhooks.outbox.logAttempts([tries[0]!], daysAgo(31));
      await webhooks.outbox.logAttempts([tries[1]!], daysAgo(29));

      await identity.housekeeping.run();
      const left = await db.selectFrom('webhook_messages').select('id').orderBy('id').execute();
      expect(left.map((row) => row.id).sort()).toEqual([oldPending!, newSent!].sort());
      const logged = await webhooks.outbox.attempts(endpoint.id, 10);
      expect(logged.map((row) => row.message_id)).toEqual([newSent]);
    } finally {
      await t.stop();
    }
  });
});

describe('webhooks at shutdown', () => {
  it('finishes the batch in flight and records it, then claims nothing more', async () => {
    const t = await startTestServer();
    const target = await new WebhookReceiver().start();
    try {
      const { webhooks } = t.server;
      const made = await webhooks.endpoints.create(TEST_APP_ID, {
        url: target.url,
        eventTypes: ['*'],
        description: '',
        enabled: true,
      });
      target.secret = made.secret;
      target.delayMs = 300;
      const first = await webhooks.sendTest(TEST_APP_ID, made.endpoint.id);
      await vi.waitFor(() => expect(target.received).toHaveLength(1));
      await webhooks.stop();
      expect(await webhooks.outbox.find(first)).toMatchObject({ status: 'sent', claimed_by: null });
      const second = await webhooks.sendTest(TEST_APP_ID, made.endpoint.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await webhooks.outbox.find(second)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(target.received).toHaveLength(1);
    } finally {
      await t.stop();
      await target.stop();
    }
  });
});

describe('webhooks of a deleted app', () => {
  it('go with the app: endpoints, queued messages and their log', async () => {
    const other = 'webhookGoneApp000000001';
    const t = await startTestServer({ apps: [{ id: TEST_APP_ID }, { id: other }] });
    try {
      const { db, webhooks, identity } = t.server;
      await webhooks.stop();
      const settings = {
        url: 'https://hooks.example.com/x',
        eventTypes: ['*'],
        description: '',
        enabled: true,
      };
      const kept = await webhooks.endpoints.create(TEST_APP_ID, settings);
      const gone = await webhooks.endpoints.create(other, settings);
      for (const [appId, endpoint] of [
        [TEST_APP_ID, kept.endpoint],
        [other, gone.endpoint],
      ] as const) {
        const [messageId] = await webhooks.outbox.insert(
          [{ appId, endpointId: endpoint.id, eventType: 'webhook.test', payload: '{}' }],
          Date.now(),
        );
        await webhooks.outbox.logAttempts(
          [
            {
              messageId: messageId!,
              endpointId: endpoint.id,
              eventType: 'webhook.test',
              attempt: 1,
              statusCode: 500,
              durationMs: 1,
              error: 'x',
            },
          ],
          Date.now(),
        );
      }

      expect(await identity.apps.delete(other)).toBe(true);
      expect(
        (await db.selectFrom('webhook_endpoints').select('app_id').execute()).map((r) => r.app_id),
      ).toEqual([TEST_APP_ID]);
      expect(
        (await db.selectFrom('webhook_messages').select('app_id').execute()).map((r) => r.app_id),
      ).toEqual([TEST_APP_ID]);
      expect(
        (await db.selectFrom('webhook_attempts').select('endpoint_id').execute()).map((r) => r.endpoint_id),
      ).toEqual([kept.endpoint.id]);
    } finally {
      await t.stop();
    }
  });
});

describe('webhook targets outside development mode', () => {
  let t: RunningTestServer;
  let apiKey: string;
  const create = (url: string) =>
    t.call(
      'POST',
      `/v1/apps/${TEST_APP_ID}/webhooks`,
      { url, event_types: ['*'] },
      {
        authorization: `Bearer ${apiKey}`,
      },
    );

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY, WEBHOOK_ALLOW_HTTP: 'false', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' },
    });
    apiKey = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
  });
  afterAll(() => t.stop());

  it('refuses http, loopback, private and link-local targets, and accepts a public https one', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.0.0.8/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://user:pw@hooks.example.com/x',
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as Json).code).toBe('invalid_request');
    }
    expect((await create('https://hooks.example.com/x')).status).toBe(201);
  });
});
