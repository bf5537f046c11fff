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

  it('deletes the events older than EVENT_RETENTION_DAYS and keeps the newer ones', async () => {
    const short = await startTestServer({ env: { EVENT_RETENTION_DAYS: '30' } });
    try {
      const { userId } = await signedInUser(short, TEST_APP_ID, 'retained@example.com');
      const { db, identity } = short.server;
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      const client = { ip: '192.0.2.1', userAgent: 'tests' };
      for (const days of [31, 29]) {
        const event = { appId: TEST_APP_ID, userId, type: 'sessions_revoked', client } as const;
        await identity.events.record(event, db, Date.parse(daysAgo(days)));
      }

      // Delivered and given-up messages go with the events of their time; pending ones stay.
      const message = {
        appId: TEST_APP_ID,
        channel: 'email',
        kind: 'one-time-code',
        language: 'en',
      } as const;
      const queue = short.server.delivery.queue;
      for (const [to, days, status] of [
        ['old-sent@example.com', 31, 'sent'],
        ['old-failed@example.com', 31, 'failed'],
        ['old-pending@example.com', 31, 'pending'],
        ['new-sent@example.com', 29, 'sent'],
      ] as const) {
        // Claimed elsewhere for long: this server's worker leaves them alone.
        const claim = { workerId: 'another-instance', leaseMs: 90 * 86_400_000 };
        const row = await queue.insert({ ...message, to, params: {} }, Date.parse(daysAgo(days)), db, claim);
        await db.updateTable('outgoing_messages').set({ status }).where('id', '=', row.id).execute();
      }

      await identity.housekeeping.run();
      const messages = await db.selectFrom('outgoing_messages').select('recipient').execute();
      expect(messages.map((row) => row.recipient).sort()).toEqual([
        'new-sent@example.com',
        'old-pending@example.com',
      ]);
      const left = await identity.events.recentForUser(TEST_APP_ID, userId, 10);
      expect(left.map((event) => event.type)).toEqual(['login', 'sessions_revoked']);
      expect(left[1]!.created_at > daysAgo(30)).toBe(true);
    } finally {
      await short.stop();
    }
  });
});
