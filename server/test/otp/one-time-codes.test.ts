import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { MAX_CODE_FAILURES, pauseAfter } from '../../src/otp/code-failure-budget.js';
import { type Activation, MAX_ATTEMPTS_PER_CODE, OneTimeCodes } from '../../src/otp/one-time-codes.js';
import type { ServerSecrets } from '../../src/security/server-secrets.js';
import { useMigratedDatabase } from '../support/test-database.js';

const APP = 'unitApp00000000000000001';

/** The one-time codes' check, called directly: each refusal branch, and what it counts. */
describe('OneTimeCodes.activate', () => {
  const database = useMigratedDatabase();
  let db: Db;
  let codes: OneTimeCodes;
  const key = randomBytes(32);
  let users = 0;
  beforeAll(() => {
    db = database();
    // The key is passed to each call; the secrets store is never asked here.
    codes = new OneTimeCodes(db, {} as ServerSecrets);
  });

  /** A user of its own for each test, with the given failure budget, and a fresh login code for them. */
  const userWithCode = async (budget: { failures?: number; lockedUntil?: string | null } = {}) => {
    const userId = `unitUser${String(++users).padStart(16, '0')}`;
    await db
      .insertInto('users')
      .values({
        id: userId,
        app_id: APP,
        email: `${userId}@example.com`,
        email_verified: 1,
        phone: null,
        phone_verified: 0,
        status: 'active',
        user_metadata: null,
        code_failures: budget.failures ?? 0,
        code_locked_until: budget.lockedUntil ?? null,
      })
      .execute();
    const { id, code } = await codes.create(key, APP, userId, `${userId}@example.com`, 'login');
    return { userId, id, code };
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const budgetOf = async (userId: string) => {
    const row = await db
      .selectFrom('users')
      .select(['code_failures', 'code_locked_until'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { failures: Number(row.code_failures), lockedUntil: row.code_locked_until };
  };
  const attemptsOf = async (id: string) =>
    Number(
      (
        await db
          .selectFrom('one_time_codes')
          .select('attempts')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).attempts,
    );
  const refusal = (activation: Activation) => {
    if (activation.ok) throw new Error('the code was accepted');
    return { status: activation.error.statusCode, code: activation.error.code };
  };
  const INVALID = { status: 400, code: 'invalid_request' };
  const EXCEEDED = { status: 401, code: 'exceeded_attempts' };

  it('accepts the right code once, for its user, and clears nothing it did not count', async () => {
    const { userId, id, code } = await userWithCode();
    expect(await codes.activate(key, APP, id, code)).toEqual({
      ok: true,
      userId,
      identifier: `${userId}@example.com`,
      purpose: 'login',
    });
    // The budget's try is taken before the check; the sign-in that follows clears it (not this class).
    expect((await budgetOf(userId)).failures).toBe(1);
  });

  it('refuses an unknown id, and a code of another app, as invalid without counting', async () => {
    const { userId, id, code } = await userWithCode();
    expect(refusal(await codes.activate(key, APP, 'unknownCode0000000000000', code))).toEqual(INVALID);
    expect(refusal(await codes.activate(key, 'otherApp0000000000000001', id, code))).toEqual(INVALID);
    expect(await budgetOf(userId)).toEqual({ failures: 0, lockedUntil: null });
    expect(await attemptsOf(id)).toBe(0);
  });

  it('refuses a wrong code as invalid, counting one try on the code and one on the budget', async () => {
    const { userId, id, code } = await userWithCode();
    expect(refusal(await codes.activate(key, APP, id, wrong(code)))).toEqual(INVALID);
    expect(await attemptsOf(id)).toBe(1);
    expect(await budgetOf(userId)).toEqual({ failures: 1, lockedUntil: null });
  });

  it('refuses an expired code as invalid, like a wrong one, and gives the try back', async () => {
    const { userId, id, code } = await userWithCode();
    await db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(refusal(await codes.activate(key, APP, id, code))).toEqual(INVALID);
    expect((await budgetOf(userId)).failures).toBe(0);
    expect(await attemptsOf(id)).toBe(0);
  });

  it('refuses a used code as invalid and gives the try back', async () => {
    const { userId, id, code } = await userWithCode();
    expect((await codes.activate(key, APP, id, code)).ok).toBe(true);
    expect(refusal(await codes.activate(key, APP, id, code))).toEqual(INVALID);
    expect((await budgetOf(userId)).failures).toBe(1); // only the accepted try
  });

  it(`kills a code after ${MAX_ATTEMPTS_PER_CODE} wrong tries: then even the right one is refused as exceeded`, async () => {
    const { userId, id, code } = await userWithCode();
    for (let i = 0; i < MAX_ATTEMPTS_PER_CODE; i++) {
      expect(refusal(await codes.activate(key, APP, id, wrong(code)))).toEqual(INVALID);
    }
    expect(refusal(await codes.activate(key, APP, id, code))).toEqual(EXCEEDED);
    expect(await attemptsOf(id)).toBe(MAX_ATTEMPTS_PER_CODE);
    expect((await budgetOf(userId)).failures).toBe(MAX_ATTEMPTS_PER_CODE);
  });

  it('pauses the user at the tenth failure: the wrong code that reaches it sets the pause', async () => {
    const { userId, id, code } = await userWithCode({ failures: 9 });
    const before = Date.now();
    expect(refusal(await codes.activate(key, APP, id, wrong(code)))).toEqual(INVALID);
    const { failures, lockedUntil } = await budgetOf(userId);
    expect(failures).toBe(10);
    const pause = Date.parse(lockedUntil ?? '') - before;
    expect(pause).toBeGreaterThanOrEqual(30_000 - 1000);
    expect(pause).toBeLessThanOrEqual(30_000 + 1000);
  });

  it('refuses even the right code while the user is paused, without checking or counting it', async () => {
    const lockedUntil = new Date(Date.now() + 60_000).toISOString();
    const { userId, id, code } = await userWithCode({ failures: 10, lockedUntil });
    expect(refusal(await codes.activate(key, APP, id, code))).toEqual(EXCEEDED);
    expect(await budgetOf(userId)).toEqual({ failures: 10, lockedUntil });
    expect(await attemptsOf(id)).toBe(0);
  });

  it('checks codes again once the pause is over', async () => {
    const lockedUntil = new Date(Date.now() - 1000).toISOString();
    const { id, code } = await userWithCode({ failures: 10, lockedUntil });
    expect((await codes.activate(key, APP, id, code)).ok).toBe(true);
  });

  it(`closes codes at ${MAX_CODE_FAILURES} failures: the right code is refused unchecked`, async () => {
    const { userId, id, code } = await userWithCode({ failures: MAX_CODE_FAILURES });
    expect(refusal(await codes.activate(key, APP, id, code))).toEqual(EXCEEDED);
    expect((await budgetOf(userId)).failures).toBe(MAX_CODE_FAILURES);
    expect(await attemptsOf(id)).toBe(0);
  });

  it('checks the last try of the budget, then closes', async () => {
    const { userId, id, code } = await userWithCode({ failures: MAX_CODE_FAILURES - 1 });
    expect(refusal(await codes.activate(key, APP, id, wrong(code)))).toEqual(INVALID);
    expect(await budgetOf(userId)).toEqual({ failures: MAX_CODE_FAILURES, lockedUntil: null });
    expect(refusal(await codes.activate(key, APP, id, code))).toEqual(EXCEEDED);
  });

  it('binds a code to its id: the code of another id of the same user is wrong', async () => {
    const first = await userWithCode();
    const second = await codes.create(key, APP, first.userId, 'x@example.com', 'login');
    if (second.code !== first.code) {
      expect(refusal(await codes.activate(key, APP, second.id, first.code))).toEqual(INVALID);
    }
    expect((await codes.activate(key, APP, first.id, first.code)).ok).toBe(true);
  });
});

describe('the wrong-code budget (pauseAfter)', () => {
  it('does not pause between tens, nor before the first failure', () => {
    for (const failures of [-1, 0, 1, 5, 9, 11, 19, 21, 99]) expect(pauseAfter(failures)).toBe(0);
  });

  it('pauses 30 s at the tenth failure, doubling every ten after', () => {
    expect([10, 20, 30, 40, 50].map(pauseAfter)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it('pauses at most an hour', () => {
    expect(pauseAfter(80)).toBe(60 * 60 * 1000); // 30 s × 2⁷ = 64 min, capped
    expect(pauseAfter(90)).toBe(60 * 60 * 1000);
  });

  it(`sets no pause at ${MAX_CODE_FAILURES} or beyond: codes are closed there, not paused`, () => {
    expect(pauseAfter(MAX_CODE_FAILURES)).toBe(0);
    expect(pauseAfter(MAX_CODE_FAILURES + 10)).toBe(0);
  });
});
