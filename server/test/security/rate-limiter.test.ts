import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { LIMITS, limitKeys } from '../../src/security/limits.js';
import {
  limitMessage,
  RateLimiter,
  scaledLimit,
  TooManyRequestsError,
} from '../../src/security/rate-limiter.js';
import { useMigratedDatabase } from '../support/test-database.js';

const policy = { name: 'test', limit: 3, windowSeconds: 60 };

/** The database-backed fixed-window limiter, called directly (each test uses keys of its own). */
describe('RateLimiter', () => {
  const database = useMigratedDatabase();
  let db: Db;
  beforeAll(() => {
    db = database();
  });

  const hits = (limiter: RateLimiter, key: string, n: number) =>
    Array.from({ length: n }).reduce<Promise<boolean[]>>(
      async (done) => [...(await done), (await limiter.hit(key, policy)).allowed],
      Promise.resolve([]),
    );
  const startWindowAgo = (key: string, seconds: number) =>
    db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - seconds * 1000).toISOString() })
      .where('key', '=', key)
      .execute();

  it('allows the limit, then refuses, counting every hit', async () => {
    const limiter = new RateLimiter(db);
    expect(await hits(limiter, 'within', 5)).toEqual([true, true, true, false, false]);
    const stored = await db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', 'within')
      .executeTakeFirstOrThrow();
    expect(Number(stored.hits)).toBe(5);
  });

  it('says how many seconds are left in the window', async () => {
    const limiter = new RateLimiter(db);
    await limiter.hit('retry', policy);
    await startWindowAgo('retry', 20);
    const result = await limiter.hit('retry', policy);
    expect(result).toMatchObject({ allowed: true, hits: 2 });
    expect(result.retryAfter).toBeGreaterThanOrEqual(39);
    expect(result.retryAfter).toBeLessThanOrEqual(41);
  });

  it('starts a new window once the old one is over', async () => {
    const limiter = new RateLimiter(db);
    await hits(limiter, 'window', 4);
    await startWindowAgo('window', policy.windowSeconds);
    expect(await limiter.hit('window', policy)).toMatchObject({ allowed: true, hits: 1 });
  });

  it('keeps keys apart', async () => {
    const limiter = new RateLimiter(db);
    await hits(limiter, 'apart-1', 4);
    expect((await limiter.hit('apart-2', policy)).allowed).toBe(true);
  });

  it('is shared by instances on one database', async () => {
    await hits(new RateLimiter(db), 'shared', 3);
    expect((await new RateLimiter(db).hit('shared', policy)).allowed).toBe(false);
  });

  it('scales every limit by its factor (at least 1), and a factor of 0 switches it off', async () => {
    expect(await hits(new RateLimiter(db, 2), 'doubled', 7)).toEqual([...Array(6).fill(true), false]);
    expect(await hits(new RateLimiter(db, 0.01), 'tiny', 2)).toEqual([true, false]);
    const off = new RateLimiter(db, 0);
    expect(off.enabled).toBe(false);
    expect(await hits(off, 'off', 10)).toEqual(Array(10).fill(true));
    expect(await db.selectFrom('rate_limits').where('key', '=', 'off').selectAll().execute()).toEqual([]);
    expect(scaledLimit({ name: 'test', limit: 30, windowSeconds: 1 }, 0.5)).toBe(15);
    expect(scaledLimit({ name: 'test', limit: 5, windowSeconds: 1 }, 0.01)).toBe(1);
  });

  it('enforce throws 429 too_many_requests with the seconds to wait, once over the limit', async () => {
    const limiter = new RateLimiter(db);
    for (let i = 0; i < policy.limit; i++) await limiter.enforce('enforced', policy, 'Slow down.');
    const refused = await limiter.enforce('enforced', policy, 'Slow down.').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    const error = refused as TooManyRequestsError;
    expect(error).toMatchObject({ statusCode: 429, code: 'too_many_requests' });
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.message).toBe(`Slow down. Try again in ${error.retryAfter} seconds.`);
    expect(limitMessage('Wait.', { allowed: false, hits: 9, retryAfter: 7 })).toBe(
      'Wait. Try again in 7 seconds.',
    );
  });
});

describe('the limits and their keys', () => {
  it('keys differ by kind, app and value, and hold no identifier or address', () => {
    const keys = [
      limitKeys.sendToIdentifier('app1', 'a@example.com'),
      limitKeys.sendToIdentifier('app2', 'a@example.com'),
      limitKeys.sendToIdentifier('app1', 'b@example.com'),
      limitKeys.sendFromIp('app1', 'a@example.com'),
      limitKeys.lookupFromIp('app1', '192.0.2.1'),
      limitKeys.signupFromIp('app1', '192.0.2.1'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z-]+:[0-9a-f]{40}$/);
      expect(key).not.toContain('example');
      expect(key).not.toContain('192.0.2.1');
    }
  });

  it('every policy allows at least one hit in a positive window', () => {
    for (const limit of Object.values(LIMITS)) {
      expect(limit.limit).toBeGreaterThan(0);
      expect(limit.windowSeconds).toBeGreaterThan(0);
    }
  });
});
