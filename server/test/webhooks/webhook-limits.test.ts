import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../support/api-key.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-webhook-limits-00';
const OTHER_APP_ID = 'limitsOtherApp0000000001';

/** What one app's key can make the outbox do: a bounded number of endpoints and of test messages. */
describe('webhook limits', () => {
  let t: RunningTestServer;
  let auth: Record<string, string>;
  const app = `/v1/apps/${TEST_APP_ID}`;

  beforeAll(async () => {
    // 60 test messages every 10 minutes, scaled to 3.
    t = await startTestServer({
      apps: [{ id: TEST_APP_ID }, { id: OTHER_APP_ID }],
      env: { ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_FACTOR: '0.05' },
    });
    auth = { authorization: `Bearer ${await newApiKey(t, ADMIN_KEY, TEST_APP_ID)}` };
  });
  afterAll(() => t.stop());

  const create = (i: number) =>
    t.call('POST', `${app}/webhooks`, { url: `https://hooks.example.com/${i}`, event_types: ['*'] }, auth);

  it('keeps an app to 20 endpoints, and says so', async () => {
    for (let i = 0; i < 20; i++) expect((await create(i)).status).toBe(201);
    const refused = await create(20);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/at most 20 webhook endpoints/);
    const { webhooks } = (await (await t.call('GET', `${app}/webhooks`, undefined, auth)).json()) as {
      webhooks: { id: string }[];
    };
    expect(webhooks).toHaveLength(20);
    // Deleting one makes room again.
    expect((await t.call('DELETE', `${app}/webhooks/${webhooks[0]!.id}`, undefined, auth)).status).toBe(204);
    expect((await create(21)).status).toBe(201);
  });

  it('queues a bounded number of test messages per app, then answers 429 with Retry-After', async () => {
    // An app of its own: the other test fills this one's endpoints (the tests run in any order).
    const other = `/v1/apps/${OTHER_APP_ID}`;
    const otherAuth = { authorization: `Bearer ${await newApiKey(t, ADMIN_KEY, OTHER_APP_ID)}` };
    const made = await t.call(
      'POST',
      `${other}/webhooks`,
      { url: 'https://hooks.example.com/tests', event_types: ['*'] },
      otherAuth,
    );
    const { webhook } = (await made.json()) as { webhook: { id: string } };
    const test = () => t.call('POST', `${other}/webhooks/${webhook.id}/test`, {}, otherAuth);
    for (let i = 0; i < 3; i++) expect((await test()).status).toBe(202);
    const refused = await test();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many test messages/);
  });
});
