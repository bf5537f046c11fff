import { ERROR_CODES } from 'open-passage/contract';
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { PreparedInsert, PreparedQuery } from '../db/prepared-query.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { isoIn, isoNow } from '../security/clock.js';
import { CODE_LIFETIME_MS } from '../security/lifetimes.js';
import { newSixDigitCode, newTimeOrderedId } from '../security/random.js';
import type { ServerSecrets } from '../security/server-secrets.js';
import type { SignInPurpose } from '../sign-in/sign-in-subject.js';
import { MAX_CODE_FAILURES, pauseAfter } from './code-failure-budget.js';

/** Wrong tries per code; the code is dead after these. */
export const MAX_ATTEMPTS_PER_CODE = 5;

const invalidCode = () =>
  invalidRequest('The code is invalid or has expired. Check the code or request a new one.');
const exceededAttempts = () =>
  new ApiError(
    401,
    ERROR_CODES.EXCEEDED_ATTEMPTS,
    'Too many wrong codes. Request a new code and try again later.',
  );
const codesPaused = () =>
  new ApiError(
    401,
    ERROR_CODES.EXCEEDED_ATTEMPTS,
    'Too many wrong codes for this account: codes are not accepted for a while. Try again later or sign in another way.',
  );

export interface ActivatedCode {
  userId: string;
  identifier: string;
  purpose: SignInPurpose;
}

export type Activation = ({ ok: true } & ActivatedCode) | { ok: false; error: ApiError };

/** The secret the codes' HMAC is keyed with; fetch it before a transaction (it may read the database). */
export type CodeKey = Buffer;

/**
 * 6-digit one-time codes. Stored as HMAC-SHA256(server secret, "id:code"),
 * bound to their id; consumed by one conditional UPDATE, so concurrent tries give one success.
 * Wrong tries count per code (≤ 5) and per user across codes (code-failure-budget.ts).
 */
export class OneTimeCodes {
  /** The queries of every code sent and every right code, compiled once. */
  private readonly hot;

  constructor(
    private readonly db: Db,
    private readonly secrets: ServerSecrets,
  ) {
    this.hot = {
      insert: new PreparedInsert(db, 'one_time_codes'),
      find: new PreparedQuery(db, (q, id: string, appId: string) =>
        q
          .selectFrom('one_time_codes')
          .select(['user_id', 'identifier', 'purpose'])
          .where('id', '=', id)
          .where('app_id', '=', appId),
      ),
      reserveTry: new PreparedQuery(
        db,
        (q, appId: string, userId: string, maxFailures: number, nowIso: string) =>
          q
            .updateTable('users')
            .set({ code_failures: sql<number>`code_failures + 1` })
            .where('app_id', '=', appId)
            .where('id', '=', userId)
            .where('code_failures', '<', maxFailures)
            .where((eb) =>
              eb.or([eb('code_locked_until', 'is', sql.lit(null)), eb('code_locked_until', '<=', nowIso)]),
            )
            .returning('code_failures'),
      ),
      // Every try of a live code counts one attempt; the right code also marks it used.
      consume: new PreparedQuery(db, (q, id: string, nowIso: string, maxAttempts: number, codeHmac: string) =>
        liveCode(q, id, nowIso, maxAttempts)
          .set({ used_at: nowIso, attempts: sql<number>`attempts + 1` })
          .where('code_hmac', '=', codeHmac),
      ),
      countTry: new PreparedQuery(db, (q, id: string, nowIso: string, maxAttempts: number) =>
        liveCode(q, id, nowIso, maxAttempts).set({ attempts: sql<number>`attempts + 1` }),
      ),
    };
  }

  /** Read it before opening a transaction: the first read of a secret uses the database. */
  key(): Promise<CodeKey> {
    return this.secrets.get('one-time-code-hmac');
  }

  /** Stores a new code for the user; `db` may be the caller's transaction. */
  async create(
    key: CodeKey,
    appId: string,
    userId: string,
    identifier: string,
    purpose: SignInPurpose,
    db: Db = this.db,
  ) {
    const id = newTimeOrderedId();
    const code = newSixDigitCode();
    await this.hot.insert.run(db, {
      id,
      app_id: appId,
      user_id: userId,
      purpose,
      identifier,
      code_hmac: hmac(key, id, code),
      created_at: isoNow(),
      expires_at: isoIn(CODE_LIFETIME_MS),
    });
    return { id, code };
  }

  /**
   * Checks a code and consumes it when right. Refusals are answered, not thrown, so that a caller's
   * transaction commits what they count: `error` is 400 `invalid_request` or 401 `exceeded_attempts`.
   */
  async activate(
    key: CodeKey,
    appId: string,
    id: string,
    code: string,
    db: Db = this.db,
  ): Promise<Activation> {
    const row = await this.hot.find.first(db, id, appId);
    if (!row) return { ok: false, error: invalidCode() };
    const now = Date.now();
    const nowIso = new Date(now).toISOString();
    // Every try takes one unit of the user's budget before the code is looked at, so concurrent
    // guesses each pay; a successful sign-in clears the budget (UsersRepository.recordSignIn).
    const reserved = await this.hot.reserveTry.first(db, appId, row.user_id, MAX_CODE_FAILURES, nowIso);
    if (!reserved) return { ok: false, error: codesPaused() };

    const codeHmac = hmac(key, id, code);
    if ((await this.hot.consume.changes(db, id, nowIso, MAX_ATTEMPTS_PER_CODE, codeHmac)) === 1) {
      return { ok: true, userId: row.user_id, identifier: row.identifier, purpose: row.purpose };
    }
    if ((await this.hot.countTry.changes(db, id, nowIso, MAX_ATTEMPTS_PER_CODE)) === 1) {
      await this.pauseIfDue(db, appId, row.user_id, Number(reserved.code_failures), now);
      return { ok: false, error: invalidCode() };
    }
    // Not a guess at a live secret (used, expired or dead code): the try is given back.
    await db
      .updateTable('users')
      .set((eb) => ({ code_failures: eb('code_failures', '-', 1) }))
      .where('app_id', '=', appId)
      .where('id', '=', row.user_id)
      .where('code_failures', '>', 0)
      .execute();
    const current = await db
      .selectFrom('one_time_codes')
      .select(['attempts', 'used_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    const dead = current && current.used_at === null && Number(current.attempts) >= MAX_ATTEMPTS_PER_CODE;
    return { ok: false, error: dead ? exceededAttempts() : invalidCode() };
  }

  private async pauseIfDue(db: Db, appId: string, userId: string, failures: number, now: number) {
    const pause = pauseAfter(failures);
    if (pause === 0) return;
    await db
      .updateTable('users')
      .set({ code_locked_until: new Date(now + pause).toISOString() })
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .execute();
  }
}

/** A code is live while unused, unexpired and with tries left. */
function liveCode(db: Db, id: string, nowIso: string, maxAttempts: number) {
  return db
    .updateTable('one_time_codes')
    .where('id', '=', id)
    .where('used_at', 'is', sql.lit(null))
    .where('expires_at', '>', nowIso)
    .where('attempts', '<', maxAttempts);
}

function hmac(key: CodeKey, id: string, code: string): string {
  return createHmac('sha256', key).update(`${id}:${code}`).digest('hex');
}
