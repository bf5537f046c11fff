import { describe, expect, it } from 'vitest';
import { EventsRepository, type NewUserEvent } from '../../src/events/events-repository.js';
import { useMigratedDatabase } from '../support/test-database.js';

const client = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };
const login = (userId: string | null, appId = 'app1'): NewUserEvent => ({
  appId,
  userId,
  type: 'login',
  method: 'otp',
  client,
});
const at = (iso: string) => Date.parse(iso);

describe('EventsRepository', () => {
  const database = useMigratedDatabase();

  it("lists a user's events newest first, as written: time, app, user, type, method, address, agent", async () => {
    const events = new EventsRepository(database());
    await events.record(login('user1'), undefined, at('2026-11-01T10:00:00.000Z'));
    await events.record(
      { ...login('user1'), type: 'passkey_added', method: undefined },
      undefined,
      at('2026-11-01T11:00:00.000Z'),
    );
    await events.record(login('user2'), undefined, at('2026-11-01T12:00:00.000Z'));
    await events.record(login('user1', 'app2'), undefined, at('2026-11-01T13:00:00.000Z'));

    const recent = await events.recentForUser('app1', 'user1', 10);
    expect(recent.map((e) => [e.type, e.method, e.created_at])).toEqual([
      ['passkey_added', null, '2026-11-01T11:00:00.000Z'],
      ['login', 'otp', '2026-11-01T10:00:00.000Z'],
    ]);
    expect(recent[1]).toMatchObject({
      app_id: 'app1',
      user_id: 'user1',
      ip_addr: client.ip,
      user_agent: client.userAgent,
    });
    expect(await events.recentForUser('app1', 'user1', 1)).toHaveLength(1);
  });

  it("filters an app's events by user, type and time, and pages after a cursor", async () => {
    const events = new EventsRepository(database());
    for (let hour = 10; hour < 15; hour++) {
      const type = hour % 2 === 0 ? 'login' : 'login_failed';
      await events.record(
        { ...login(hour === 14 ? 'user2' : 'user1', 'app3'), type },
        undefined,
        at(`2026-11-01T${hour}:00:00.000Z`),
      );
    }
    const hours = (rows: { created_at: string }[]) => rows.map((e) => Number(e.created_at.slice(11, 13)));

    expect(hours(await events.list('app3', {}, 10))).toEqual([14, 13, 12, 11, 10]);
    expect(hours(await events.list('app3', { userId: 'user1' }, 10))).toEqual([13, 12, 11, 10]);
    expect(hours(await events.list('app3', { types: ['login_failed'] }, 10))).toEqual([13, 11]);
    const window = { since: '2026-11-01T11:00:00.000Z', until: '2026-11-01T13:00:00.000Z' };
    expect(hours(await events.list('app3', window, 10))).toEqual([12, 11]);
    const first = await events.list('app3', {}, 2);
    expect(hours(await events.list('app3', { after: first[1]!.id }, 2))).toEqual([12, 11]);
    expect(await events.list('app1', { since: '2026-11-01T14:00:00.000Z' }, 10)).toEqual([]);
  });

  it('keeps the order of the events of one millisecond', async () => {
    const events = new EventsRepository(database());
    const types = [
      'passkey_added',
      'login',
      'passkey_removed',
      'sessions_revoked',
      'user_activated',
    ] as const;
    for (const type of [...types, ...types]) {
      await events.record({ ...login('user1', 'app5'), type }, undefined, at('2026-11-02T00:00:00.000Z'));
    }
    const listed = await events.list('app5', {}, 20);
    expect(listed.map((e) => e.type)).toEqual([...types, ...types].reverse());
  });
});
