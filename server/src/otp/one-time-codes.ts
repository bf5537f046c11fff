import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { isoIn, isoNow } from '../security/clock.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import { newId, newSixDigitCode } from '../security/random.js';
import type { RateLimiter } from '../security/rate-limiter.js';
import type { ServerSecrets } from '../security/server-secrets.js';
import type { SignInPurpose } from '../users/sign-in-subject.js';

export const CODE_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong tries per code; the code is dead after these. */
export const MAX_ATTEMPTS_PER_CODE = 5;

export const invalidCode = () =>
  invalidRequest('The code is invalid or has expired. Check the code or request a new one.');
export const exceededAttempts = () =>
  new ApiError(401, 'exceeded_attempts', 'Too many wrong codes. Request a new code and try again later.');

export interface ActivatedCode {
  userId: string;
  identifier: string;
  purpose: SignInPurpose;
}

/**
 * 6-digit one-time codes (security notes C1–C7). Stored as HMAC-SHA256(server secret, "id:code"),
 * bound to their id; consumed by one conditional UPDATE, so concurrent tries give one success.
 * Wrong tries count per code (≤ 5) and per user across codes (a resend does not reset that budget).
 */
export class OneTimeCodes {
  constructor(
    private readonly db: Db,
    private readonly secrets: ServerSecrets,
    private readonly limits: RateLimiter,
  ) {}

  async create(appId: string, userId: string, identifier: string, purpose: SignInPurpose) {
    const id = newId();
    const code = newSixDigitCode();
    await this.db
      .insertInto('one_time_codes')
      .values({
        id,
        app_id: appId,
        user_id: userId,
        purpose,
        identifier,
        code_hmac: await this.hmac(id, code),
        created_at: isoNow(),
        expires_at: isoIn(CODE_LIFETIME_MS),
        used_at: null,
      })
      .execute();
    return { id, code };
  }

  /** Consumes the code or throws 400 `invalid_request` / 401 `exceeded_attempts`. */
  async activate(appId: string, id: string, code: string): Promise<ActivatedCode> {
    const row = await this.db
      .selectFrom('one_time_codes')
      .select(['user_id', 'identifier', 'purpose'])
      .where('id', '=', id)
      .where('app_id', '=', appId)
      .executeTakeFirst();
    if (!row) throw invalidCode();
    const budgetKey = limitKeys.codeFailures(appId, row.user_id);
    const budget = await this.limits.exhausted(budgetKey, LIMITS.codeFailuresPerUser);
    if (!budget.allowed) throw exceededAttempts();

    const now = isoNow();
    // A code is live while unused, unexpired and with tries left; every try counts one attempt.
    const live = () =>
      this.db
        .updateTable('one_time_codes')
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', MAX_ATTEMPTS_PER_CODE);

    const consumed = await live()
      .set({ used_at: now, attempts: sql<number>`attempts + 1` })
      .where('code_hmac', '=', await this.hmac(id, code))
      .executeTakeFirst();
    if (Number(consumed.numUpdatedRows) === 1) {
      if (budget.hits > 0) await this.limits.reset(budgetKey);
      return { userId: row.user_id, identifier: row.identifier, purpose: row.purpose };
    }

    const counted = await live()
      .set({ attempts: sql<number>`attempts + 1` })
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 1) {
      await this.limits.hit(budgetKey, LIMITS.codeFailuresPerUser);
      throw invalidCode();
    }
    const current = await this.db
      .selectFrom('one_time_codes')
      .select(['attempts', 'used_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (current && current.used_at === null && Number(current.attempts) >= MAX_ATTEMPTS_PER_CODE) {
      throw exceededAttempts();
    }
    throw invalidCode();
  }

  private async hmac(id: string, code: string): Promise<string> {
    const key = await this.secrets.get('one-time-code-hmac');
    return createHmac('sha256', key).update(`${id}:${code}`).digest('hex');
  }
}
