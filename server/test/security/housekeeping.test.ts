import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMessages } from '../support/captured-messages.js';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

describe('housekeeping', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  it('deletes rows that ended more than a day ago and keeps the rest', async () => {
    const mail = captureMessages(t);
    await signedInUser(t, TEST_APP_ID, 'old@example.com');
    await t.call('POST', `/v1/apps/${TEST_APP_ID}/login/otp`, { identifier: 'old@example.com' });
    await t.call('POST', `/v1/apps/${TEST_APP_ID}/login/magic-link`, { identifier: 'old@example.com' });
    expect(mail.messages).toHaveLength(2);
    const { db } = t.server;
    const count = async () =>
      Promise.all(
        (['one_time_codes', 'magic_links', 'refresh_families', 'refresh_tokens', 'rate_limits'] as const).map(
          async (table) =>
            Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
        ),
      );
    const fresh = await count();
    expect(fresh.every((n) => n > 0)).toBe(true);

    await t.server.identity.housekeeping.run();
    expect(await count()).toEqual(fresh);

    const longAgo = '2000-01-01T00:00:00.000Z';
    await db.updateTable('one_time_codes').set({ expires_at: longAgo }).execute();
    await db.updateTable('magic_links').set({ expires_at: longAgo }).execute();
    await db.updateTable('refresh_families').set({ expires_at: longAgo }).execute();
    await db.updateTable('rate_limits').set({ window_start: longAgo }).execute();
    await t.server.identity.housekeeping.run();
    expect(await count()).toEqual([0, 0, 0, 0, 0]);
  });
});
