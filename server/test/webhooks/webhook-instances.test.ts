import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newApiKey } from '../support/api-key.js';
import { createSharedTestDatabase, type TestDatabase } from '../support/test-database.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const ADMIN_KEY = 'admin-key-for-webhook-instances-0';
const MESSAGES = 60;

/** Two instances on one database send the outbox together: each message once, none twice. */
describe('webhooks from two instances', () => {
  let database: TestDatabase;
  const servers: RunningTestServer[] = [];
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startTestServer({
          database,
          env: { ADMIN_API_KEY: ADMIN_KEY },
          // Small batches polled often, so that both instances claim from the same backlog.
          build: { webhooks: { pollMs: 10, concurrency: 5 } },
        }),
      );
    }
    await receiver.start();
    receiver.delayMs = 20;
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await receiver.stop();
    await database.drop();
  });

  it('claims each message on one instance only', async () => {
    const [first, second] = servers as [RunningTestServer, RunningTestServer];
    const key = await newApiKey(first, ADMIN_KEY, TEST_APP_ID);
    const auth = { authorization: `Bearer ${key}` };
    const made = await first.call(
      'POST',
      `/v1/apps/${TEST_APP_ID}/webhooks`,
      { url: receiver.url, event_types: ['*'] },
      auth,
    );
    const { webhook, secret } = (await made.json()) as { webhook: { id: string }; secret: string };
    receiver.secret = secret;
    // Queued by both instances at once; each wakes its own worker, and both poll.
    await Promise.all(
      Array.from({ length: MESSAGES }, (_, i) =>
        (i % 2 ? second : first).call(
          'POST',
          `/v1/apps/${TEST_APP_ID}/webhooks/${webhook.id}/test`,
          {},
          auth,
        ),
      ),
    );
    await vi.waitFor(() => expect(receiver.processed.size).toBe(MESSAGES), { timeout: 15_000 });
    // The delivery log is written once the batch is marked sent, just after the answers.
    await vi.waitFor(async () => {
      const log = await first.server.db
        .selectFrom('webhook_attempts')
        .select(['message_id'])
        .where('endpoint_id', '=', webhook.id)
        .execute();
      expect(log).toHaveLength(MESSAGES);
      expect(new Set(log.map((row) => row.message_id)).size).toBe(MESSAGES);
    });
    expect(receiver.duplicates).toBe(0);
    expect(receiver.received).toHaveLength(MESSAGES);
  });
});
