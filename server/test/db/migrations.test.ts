import { generateKeyPairSync } from 'node:crypto';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { type Db, migrateToLatest } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { RefreshTokens } from '../../src/tokens/refresh-tokens.js';
import { SigningKeys } from '../../src/tokens/signing-keys.js';
import { sha256Hex } from '../../src/security/random.js';
import { useEmptyDatabase } from '../support/test-database.js';

/** Databases migrated by an earlier release keep working after the newer migrations run. */
describe('migrations over data written by earlier releases', () => {
  const database = useEmptyDatabase();

  it('0017 turns refresh tokens into families: live tokens still refresh, revoked ones stay revoked', async () => {
    const db = database();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0016-webauthn-challenges');
    expect(error).toBeUndefined();
    const old = db as unknown as Db & {
      insertInto(table: 'refresh_tokens'): { values(rows: object[]): { execute(): Promise<unknown> } };
    };
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const row = (id: string, family: string, token: string, extra: object = {}) => ({
      id,
      app_id: 'app1',
      user_id: 'user1',
      family_id: family,
      token_hash: sha256Hex(token),
      created_at: '2026-11-01T10:00:00.000Z',
      expires_at: expires,
      used_at: null,
      revoked_at: null,
      ...extra,
    });
    await old
      .insertInto('refresh_tokens')
      .values([
        row('t1', 'familyLive', 'spent-token', { used_at: '2026-11-01T11:00:00.000Z' }),
        row('t2', 'familyLive', 'live-token', { created_at: '2026-11-01T11:00:00.000Z' }),
        row('t3', 'familyGone', 'revoked-token', { revoked_at: '2026-11-02T00:00:00.000Z' }),
      ])
      .execute();

    await migrateToLatest(db);
    const tokens = new RefreshTokens(db);
    const live = await tokens.spend('app1', 'live-token');
    expect(live).toMatchObject({ ok: true, userId: 'user1', familyId: 'familyLive' });
    expect(live.ok && live.authTime).toBe(Date.parse('2026-11-01T10:00:00.000Z') / 1000);
    expect(await tokens.spend('app1', 'revoked-token')).toEqual({ ok: false, reason: 'revoked' });
    expect(await tokens.spend('app1', 'spent-token')).toEqual({ ok: false, reason: 'reused' });
  });
});

describe('0020 over signing keys that racing instances made before it', () => {
  const database = useEmptyDatabase();

  it('migrates an app with two unretired keys, which stay published, the oldest signing', async () => {
    const db = database();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0019-outgoing-expiry')).error).toBeUndefined();
    const key = (kid: string, createdAt: string) => {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const { n, e } = publicKey.export({ format: 'jwk' });
      return {
        kid,
        app_id: 'app1',
        private_jwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
        public_jwk: JSON.stringify({ kty: 'RSA', alg: 'RS256', use: 'sig', kid, n, e }),
        created_at: createdAt,
        retired_at: null,
      };
    };
    await db
      .insertInto('signing_keys')
      .values([key('racedKeyB', '2026-11-01T10:00:00.001Z'), key('racedKeyA', '2026-11-01T10:00:00.000Z')])
      .execute();

    await migrateToLatest(db);
    const keys = await new SigningKeys(db).forApp('app1');
    expect(keys.signing.kid).toBe('racedKeyA');
    expect(keys.jwks.map((jwk) => jwk.kid)).toEqual(['racedKeyA', 'racedKeyB']);
  });
});
