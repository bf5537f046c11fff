import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Db, migrateToLatest, type OpenedDatabase, openDatabase } from '../../src/db/database.js';
import { AuthTokens } from '../../src/tokens/auth-tokens.js';
import { SigningKeys } from '../../src/tokens/signing-keys.js';
import { signedInUser } from '../support/signed-in-user.js';
import { createTestDatabase, testDbKind } from '../support/test-database.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const jwksPath = `/v1/apps/${TEST_APP_ID}/.well-known/jwks.json`;

async function jwksOf(t: RunningTestServer): Promise<JSONWebKeySet> {
  const res = await t.call('GET', jwksPath);
  expect(res.status).toBe(200);
  return (await res.json()) as JSONWebKeySet;
}

/** Verifies a token the way an app's backend does: against one instance's published JWKS. */
const verifiesAgainst = (token: string, jwks: JSONWebKeySet) =>
  jwtVerify(token, createLocalJWKSet(jwks), { audience: TEST_APP_ID, algorithms: ['RS256'] });

const APP = { id: TEST_APP_ID, auth_origin: 'http://localhost:4000', session_timeout_length: 600 };
const PUBLIC_URL = 'http://localhost:8080';

/** Two instances' connections to one fresh database: two pools on PostgreSQL, the one connection of SQLite. */
async function twoConnections(): Promise<{ dbs: [Db, Db]; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const first: OpenedDatabase = openDatabase(database.url);
  await migrateToLatest(first.db);
  const second = first.kind === 'postgres' ? openDatabase(database.url) : first;
  return {
    dbs: [first.db, second.db],
    async close() {
      await first.db.destroy();
      if (second !== first) await second.db.destroy();
      await database.drop();
    },
  };
}

const keyRows = (db: Db) =>
  db
    .selectFrom('signing_keys')
    .select(['kid', 'retired_at'])
    .where('app_id', '=', TEST_APP_ID)
    .orderBy('created_at')
    .execute();

describe('SigningKeys of two instances on one database', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([1, 2, 3])(
    'round %i: both sign for the first time together, with one key',
    async () => {
      const connections = await twoConnections();
      try {
        const keys = connections.dbs.map((db) => new SigningKeys(db));
        const tokens = keys.map((k) => new AuthTokens(k, PUBLIC_URL));
        const [a, b] = await Promise.all(
          tokens.map((t, i) =>
            t.sign(APP, `user${i}`, { authTime: Math.floor(Date.now() / 1000), sessionId: `session${i}` }),
          ),
        );

        const rows = await keyRows(connections.dbs[0]);
        expect(rows).toEqual([{ kid: expect.any(String), retired_at: null }]);
        const kid = rows[0]!.kid;
        const [first, second] = await Promise.all(keys.map((k) => k.forApp(TEST_APP_ID)));
        expect(first!.signing.kid).toBe(kid);
        expect(second!.signing.kid).toBe(kid);
        expect(first!.jwks.map((key) => key.kid)).toEqual([kid]);
        expect(second!.jwks).toEqual(first!.jwks);
        await expect(verifiesAgainst(a!.token, { keys: second!.jwks })).resolves.toBeTruthy();
        expect(await tokens[1]!.verify(TEST_APP_ID, a!.token)).toMatchObject({ userId: 'user0' });
        expect(await tokens[0]!.verify(TEST_APP_ID, b!.token)).toMatchObject({ userId: 'user1' });
      } finally {
        await connections.close();
      }
    },
    60_000,
  );

  it('picks up within a minute a key added and one retired by another instance, signing meanwhile', async () => {
    const connections = await twoConnections();
    try {
      const [db] = connections.dbs;
      const keys = new SigningKeys(connections.dbs[1]);
      const before = await keys.forApp(TEST_APP_ID);
      const oldKid = before.signing.kid;

      // Another instance (or an operator) adds a key, then retires the old one: a rotation.
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const newKid = 'rotatedKey00000000000001';
      const { n, e } = publicKey.export({ format: 'jwk' });
      await db
        .insertInto('signing_keys')
        .values({
          kid: newKid,
          app_id: TEST_APP_ID,
          private_jwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
          public_jwk: JSON.stringify({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: newKid, n, e }),
          created_at: new Date(Date.now() + 1000).toISOString(),
          retired_at: null,
        })
        .execute();
      await db
        .updateTable('signing_keys')
        .set({ retired_at: new Date().toISOString() })
        .where('kid', '=', oldKid)
        .execute();

      // Signing never waits for the database: the cached keys go on serving until they are read again.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 30_000);
      expect((await keys.forApp(TEST_APP_ID)).signing.kid).toBe(oldKid);
      vi.setSystemTime(Date.now() + 31_000);
      expect((await keys.forApp(TEST_APP_ID)).signing.kid).toBe(oldKid);
      await vi.waitFor(async () => {
        const now = await keys.forApp(TEST_APP_ID);
        expect(now.signing.kid).toBe(newKid);
        expect(now.jwks.map((key) => key.kid)).toEqual([newKid]);
      });
    } finally {
      await connections.close();
    }
  });
});

// Several server processes share a database on PostgreSQL only (docs/server/configuration.md).
describe.skipIf(testDbKind !== 'postgres')(
  'several instances on one database sign with one key per app',
  () => {
    // Fresh databases each round: generating an RSA key takes far longer than reading that there is
    // none, so two instances signing for the first time together both find no key, every round.
    it.each([1, 2, 3])(
      'round %i: the first signatures on two instances at once make one key',
      async () => {
        const database = await createTestDatabase();
        // Behind one proxy: the same public URL, so the same issuer in every instance's tokens.
        const first = await startTestServer({ database, publicUrl: PUBLIC_URL });
        const second = await startTestServer({ database, publicUrl: PUBLIC_URL });
        try {
          const [a, b] = await Promise.all([
            signedInUser(first, TEST_APP_ID, 'first@example.com'),
            signedInUser(second, TEST_APP_ID, 'second@example.com'),
          ]);

          const keys = await keyRows(first.server.db);
          expect(keys).toEqual([{ kid: expect.any(String), retired_at: null }]);
          const kid = keys[0]!.kid;

          // Both instances sign with that key and publish exactly it: the same answer wherever it lands.
          expect(decodeProtectedHeader(a.auth.auth_token).kid).toBe(kid);
          expect(decodeProtectedHeader(b.auth.auth_token).kid).toBe(kid);
          const [jwksFirst, jwksSecond] = await Promise.all([jwksOf(first), jwksOf(second)]);
          expect(jwksFirst.keys.map((key) => key.kid)).toEqual([kid]);
          expect(jwksSecond).toEqual(jwksFirst);

          // A token from one instance verifies against the other's JWKS and is accepted by its API.
          await expect(verifiesAgainst(a.auth.auth_token, jwksSecond)).resolves.toBeTruthy();
          await expect(verifiesAgainst(b.auth.auth_token, jwksFirst)).resolves.toBeTruthy();
          const me = await second.call('GET', `/v1/apps/${TEST_APP_ID}/currentuser`, undefined, {
            authorization: `Bearer ${a.auth.auth_token}`,
          });
          expect(me.status).toBe(200);
        } finally {
          await first.stop();
          await second.stop();
          await database.drop();
        }
      },
      60_000,
    );
  },
);
