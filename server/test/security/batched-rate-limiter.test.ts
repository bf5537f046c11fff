import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { BatchedRateLimiter } from '../../src/security/batched-rate-limiter.js';
import { useMigratedDatabase } from '../support/test-database.js';

const policy = { name: 'test', limit: 3, windowSeconds: 60 };

describe('BatchedRateLimiter: lookups counted in memory, shared through the database', () => {
  const database = useMigratedDatabase();
  let db: Db;
  beforeAll(() => {
    db = database();
  });

  const storedHits = async (key: string) =>
    Number(
      (await db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits ??
        0,
    );

  it('allows the limit, then refuses with the seconds left in the window', () => {
    const limiter = new BatchedRateLimiter(db, { flushMs: 60_000 });
    const now = 1_000_000;
    const results = [0, 1, 2, 3].map((i) => limiter.hit('alone', policy, now + i * 1000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ hits: 4, retryAfter: 57 });
    expect(limiter.hit('alone', policy, now + 60_000).allowed).toBe(true); // a new window
  });

  it('writes the hits of many calls in one flush, and instances see each other after theirs', async () => {
    const first = new BatchedRateLimiter(db, { flushMs: 60_000 });
    const second = new BatchedRateLimiter(db, { flushMs: 60_000 });
    first.hit('shared', policy);
    first.hit('shared', policy);
    expect(await storedHits('shared')).toBe(0);
    await first.flush();
    expect(await storedHits('shared')).toBe(2);
    // The second instance learns the shared total when it writes its own hit.
    expect(second.hit('shared', policy).allowed).toBe(true);
    await second.flush();
    expect(await storedHits('shared')).toBe(3);
    expect(second.hit('shared', policy).allowed).toBe(false);
  });

  it('writes many keys of different windows in a few statements, each row with its own count', async () => {
    const limiter = new BatchedRateLimiter(db, { flushMs: 60_000 });
    const short = { name: 'test', limit: 5, windowSeconds: 30 };
    for (let i = 0; i < 1200; i++) {
      limiter.hit(`many-${i}`, i % 2 === 0 ? policy : short);
      if (i % 3 === 0) limiter.hit(`many-${i}`, i % 2 === 0 ? policy : short);
    }
    await limiter.flush();
    expect(await storedHits('many-0')).toBe(2);
    expect(await storedHits('many-1')).toBe(1);
    expect(await storedHits('many-1197')).toBe(2);
    expect(await storedHits('many-1199')).toBe(1);
    const total = await db
      .selectFrom('rate_limits')
      .select(db.fn.sum<number>('hits').as('sum'))
      .where('key', 'like', 'many-%')
      .executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(1600);
  });

  it('flushes on its own after flushMs', async () => {
    const limiter = new BatchedRateLimiter(db, { flushMs: 20 });
    limiter.hit('timed', policy);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedHits('timed')).toBe(1);
  });

  it('forgets keys whose window has ended, without writing them', async () => {
    const limiter = new BatchedRateLimiter(db, { flushMs: 60_000 });
    limiter.hit('old', { name: 'test', limit: 3, windowSeconds: 1 }, Date.now() - 5_000);
    expect(limiter.size).toBe(1);
    await limiter.flush();
    expect(limiter.size).toBe(0);
    expect(await storedHits('old')).toBe(0);
  });

  it('writes a key only once it reached a tenth of its limit here, then every hit of it', async () => {
    const limiter = new BatchedRateLimiter(db, { flushMs: 60_000 });
    const lookups = { name: 'test', limit: 600, windowSeconds: 60 };
    for (let i = 0; i < 2; i++) limiter.hit('quiet', lookups);
    for (let i = 0; i < 60; i++) limiter.hit('busy', lookups);
    await limiter.flush();
    expect(await storedHits('quiet')).toBe(0);
    expect(await storedHits('busy')).toBe(60);
    limiter.hit('busy', lookups);
    await limiter.flush();
    expect(await storedHits('busy')).toBe(61);
    // The quiet key still counts here, and is written once it reaches its share.
    for (let i = 0; i < 58; i++) limiter.hit('quiet', lookups);
    await limiter.flush();
    expect(await storedHits('quiet')).toBe(60);
  });

  it('keeps the hits for the next flush when the database fails', async () => {
    const broken = {
      transaction: () => ({
        execute: () => Promise.reject(new Error('the database is down')),
      }),
    } as unknown as Db;
    const limiter = new BatchedRateLimiter(broken, { flushMs: 60_000 });
    limiter.hit('kept', policy);
    await expect(limiter.flush()).rejects.toThrow('the database is down');
    expect(limiter.hit('kept', policy).hits).toBe(2);
  });

  it('scales limits by the factor, and a factor of 0 switches them off', () => {
    const doubled = new BatchedRateLimiter(db, { flushMs: 60_000, factor: 2 });
    expect(
      [1, 2, 3, 4, 5, 6, 7].map(() => doubled.hit('doubled', policy).allowed).filter(Boolean),
    ).toHaveLength(6);
    const off = new BatchedRateLimiter(db, { flushMs: 60_000, factor: 0 });
    expect([1, 2, 3, 4].every(() => off.hit('off', policy).allowed)).toBe(true);
  });
});
