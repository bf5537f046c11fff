import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newApiKey } from '../support/api-key.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const ADMIN_KEY = 'admin-key-for-webhook-fairness-0';
const OTHER_APP_ID = 'fairnessOtherApp00000001';
const BACKLOG = 40;

/** A receiver that never answers holds up its own messages only, not another app's. */
describe('webhooks to a receiver that hangs', () => {
  let t: RunningTestServer;
  const hanging = new WebhookReceiver();
  const healthy = new WebhookReceiver();

  beforeAll(async () => {
    t = await startTestServer({
      apps: [{ id: TEST_APP_ID }, { id: OTHER_APP_ID }],
      env: { ADMIN_API_KEY: ADMIN_KEY, WEBHOOK_TIMEOUT_SECONDS: '2' },
      build: { webhooks: { pollMs: 50 } },
    });
    await hanging.start();
    await healthy.start();
  });
  afterAll(async () => {
    await t.stop();
    await hanging.stop();
    await healthy.stop();
  });

  const endpoint = async (appId: string, receiver: WebhookReceiver) => {
    const auth = { authorization: `Bearer ${await newApiKey(t, ADMIN_KEY, appId)}` };
    const made = await t.call(
      'POST',
      `/v1/apps/${appId}/webhooks`,
      { url: receiver.url, event_types: ['*'] },
      auth,
    );
    const { webhook, secret } = (await made.json()) as { webhook: { id: string }; secret: string };
    receiver.secret = secret;
    return (path = '') => t.call('POST', `/v1/apps/${appId}/webhooks/${webhook.id}/test${path}`, {}, auth);
  };

  it("delivers another app's message at once while a backlog waits on a receiver that never answers", async () => {
    const testOfA = await endpoint(TEST_APP_ID, hanging);
    const testOfB = await endpoint(OTHER_APP_ID, healthy);
    hanging.answers = Array.from({ length: BACKLOG * 2 }, () => 'hang' as const);
    for (let i = 0; i < BACKLOG; i++) expect((await testOfA()).status).toBe(202);
    // The backlog is due first and its first sends are in flight.
    await vi.waitFor(() => expect(hanging.received.length).toBeGreaterThan(0));
    const queuedAt = Date.now();
    expect((await testOfB()).status).toBe(202);
    await vi.waitFor(() => expect(healthy.processed.size).toBe(1), { timeout: 10_000 });
    // Well within one time-out (2 s): before, it waited for the batch ahead of it, time-out after time-out.
    expect(Date.now() - queuedAt).toBeLessThan(1_500);
    // And the hanging receiver never holds more than its share of this instance's sends at once.
    expect(hanging.received.length).toBeLessThan(8);
  });
});
