import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/users/users-repository.js';
import { useMigratedDatabase } from '../support/test-database.js';

describe('isUniqueViolation', () => {
  const db = useMigratedDatabase();
  const user = {
    id: 'uniqueUser00000000000001',
    app_id: 'uniqueApp000000000000001',
    email: 'unique@example.com',
    email_verified: 0,
    phone: null,
    phone_verified: 0,
    status: 'active' as const,
    user_metadata: null,
    last_login_at: null,
    code_locked_until: null,
  };
  const refusal = (row: typeof user) =>
    db()
      .insertInto('users')
      .values(row)
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );

  // node:sqlite reports both as ERR_SQLITE_ERROR with SQLite's extended result code; they were
  // taken for server failures there (500 instead of a refused row or identifier).
  it('knows a refused primary key and a refused unique index, on this database', async () => {
    expect(await refusal(user)).toBeNull();
    const primaryKey = await refusal({ ...user, email: 'other@example.com' });
    const uniqueIndex = await refusal({ ...user, id: 'uniqueUser00000000000002' });
    expect(isUniqueViolation(primaryKey), String(primaryKey)).toBe(true);
    expect(isUniqueViolation(uniqueIndex), String(uniqueIndex)).toBe(true);
    const notNull = await refusal({
      ...user,
      id: 'uniqueUser00000000000003',
      email: null as never,
      app_id: null as never,
    });
    expect(notNull).toBeInstanceOf(Error);
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('unique'))).toBe(false);
  });
});
