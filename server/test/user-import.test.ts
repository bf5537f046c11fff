import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from './support/test-server.js';
import { testDbKind } from './support/test-database.js';

const ADMIN_KEY = 'admin-key-for-import-tests-0123456';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Users as passage-node's `user.get` answers them, written out with JSON.stringify (Dates as ISO text). */
function passageExport() {
  const user = (id: string, email: string, updated: string, extra: Json = {}) => ({
    id,
    email,
    email_verified: true,
    phone: '',
    phone_verified: false,
    status: 'active',
    external_id: '',
    user_metadata: null,
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: updated,
    last_login_at: '2025-01-02T03:04:05.000Z',
    login_count: 7,
    recent_events: [],
    social_connections: {},
    webauthn: false,
    webauthn_devices: [],
    webauthn_types: [],
    ...extra,
  });
  return [
    user('2Zt7LsyQyW4MZ1ZbDfHnh7Ps', 'ada@example.com', '2025-01-02T03:04:05.000Z', {
      user_metadata: { team: 'core' },
    }),
    user('kV6AzQdCTa1nYz7Ld8UY3bpG', 'grace@example.com', '2025-02-01T00:00:00.000Z', {
      phone: '+14155550102',
      phone_verified: true,
      last_login_at: null,
      login_count: 0,
    }),
    user('badRow000000000000000003', 'not an email', '2025-02-01T00:00:00.000Z'),
    user('Hq0dFJ1xV3zqUe9sTz5Zb1cM', 'linus@example.com', '2025-03-01T00:00:00.000Z', { status: 'inactive' }),
  ];
}

describe('user import', () => {
  let t: RunningTestServer;
  const importUsers = async (body: unknown) => {
    const response = await t.call('POST', `/admin/v1/apps/${TEST_APP_ID}/users/import`, body, {
      authorization: `Bearer ${ADMIN_KEY}`,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  };
  const usersTable = () =>
    t.server.db.selectFrom('users').selectAll().where('app_id', '=', TEST_APP_ID).orderBy('id').execute();

  // A fresh server (and database) for each test: every test owns its data and passes alone.
  beforeEach(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [
        {
          id: TEST_APP_ID,
          user_metadata_schema: [
            {
              id: 'team',
              field_name: 'team',
              friendly_name: 'Team',
              type: 'string',
              registration: true,
              profile: true,
            },
            {
              id: 'age',
              field_name: 'age',
              friendly_name: 'Age',
              type: 'integer',
              registration: true,
              profile: true,
            },
          ],
        },
      ],
    });
  });
  afterEach(() => t.stop());

  it('imports a Passage export: users keep their ids, a bad row is named and the good ones are kept', async () => {
    const report = await importUsers({ users: passageExport() });
    expect(report).toMatchObject({ created: 3, updated: 0, unchanged: 0, skipped: 0, failed: 1 });
    expect(report.rows[2]).toEqual({
      row: 'user #3',
      id: 'badRow000000000000000003',
      outcome: 'failed',
      reason: expect.stringMatching(/^email: identifier is not valid/),
    });
    const ada = await t.server.identity.users.findById(TEST_APP_ID, '2Zt7LsyQyW4MZ1ZbDfHnh7Ps');
    expect(ada).toMatchObject({
      email: 'ada@example.com',
      email_verified: 1,
      status: 'active',
      login_count: 7,
      last_login_at: '2025-01-02T03:04:05.000Z',
      created_at: '2024-03-01T10:00:00.000Z',
      user_metadata: JSON.stringify({ team: 'core' }),
    });
    const grace = await t.server.identity.users.findById(TEST_APP_ID, 'kV6AzQdCTa1nYz7Ld8UY3bpG');
    expect(grace).toMatchObject({ phone: '+14155550102', phone_verified: 1, last_login_at: null });
  });

  it('changes nothing the second time', async () => {
    await importUsers({ users: passageExport() });
    const before = await usersTable();
    const report = await importUsers({ users: passageExport() });
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 3, skipped: 0, failed: 1 });
    expect(await usersTable()).toEqual(before);
  });

  it('never overwrites a newer record, and takes a newer one', async () => {
    await importUsers({ users: passageExport() });
    const [ada, grace] = passageExport();
    await t.server.identity.users.updateMetadata(TEST_APP_ID, ada!.id, { team: 'changed here' });
    const report = await importUsers({
      users: [
        { ...ada, user_metadata: { team: 'old export' } },
        { ...grace, email: 'grace@new.example', updated_at: '2026-01-01T00:00:00.000Z' },
      ],
    });
    expect(report.rows.map((row: Json) => row.outcome)).toEqual(['skipped', 'updated']);
    expect(report.rows[0].reason).toMatch(/^the stored record is newer \(updated 20\d\d-/);
    expect((await t.server.identity.users.findById(TEST_APP_ID, ada!.id))?.user_metadata).toBe(
      JSON.stringify({ team: 'changed here' }),
    );
    expect((await t.server.identity.users.findById(TEST_APP_ID, grace!.id))?.email).toBe('grace@new.example');
  });

  it('imports a CSV of identifiers with typed metadata, naming a bad line', async () => {
    await importUsers({ users: passageExport() }); // ada@example.com is known already
    const csv = [
      'email,phone,team,age',
      'csv-one@example.com,,"Core, infra",41',
      ',+1 415 555 0103,web,',
      'csv-three@example.com,,web,forty',
      'ada@example.com,,,',
    ].join('\r\n');
    const report = await importUsers({ csv });
    expect(report.rows.map((row: Json) => [row.row, row.outcome])).toEqual([
      ['line 2', 'created'],
      ['line 3', 'created'],
      ['line 4', 'failed'],
      ['line 5', 'unchanged'],
    ]);
    expect(report.rows[2].reason).toBe('user_metadata.age must be a whole number.');
    const one = await t.server.identity.users.findByIdentifier(TEST_APP_ID, {
      type: 'email',
      value: 'csv-one@example.com',
    });
    expect(one).toMatchObject({
      status: 'active',
      user_metadata: JSON.stringify({ team: 'Core, infra', age: 41 }),
    });
    expect((await importUsers({ csv })).created).toBe(0);
  });

  it('ends the sessions of a user a newer record deactivates, as the admin API does', async () => {
    const id = 'deactivatedByImport00001';
    const row = { id, email: 'deactivate-me@example.com', updated_at: '2025-01-01T00:00:00.000Z' };
    expect((await importUsers({ users: [row] })).created).toBe(1);
    const session = await t.server.identity.refreshTokens.start(TEST_APP_ID, id, 'test');
    const report = await importUsers({
      users: [{ ...row, status: 'inactive', updated_at: '2025-06-01T00:00:00.000Z' }],
    });
    expect(report.updated).toBe(1);
    expect(await t.server.identity.refreshTokens.isLive(session.family.familyId)).toBe(false);
  });

  it('refuses a CSV whose quoted field is never closed, naming its line, and imports nothing', async () => {
    const csv = ['email,team', 'open-quote@example.com,"web', 'after-quote@example.com,core'].join('\n');
    const response = await t.call(
      'POST',
      `/admin/v1/apps/${TEST_APP_ID}/users/import`,
      { csv },
      {
        authorization: `Bearer ${ADMIN_KEY}`,
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'invalid_request',
      error: 'csv: line 2: a quoted field is not closed.',
    });
    const after = await t.server.identity.users.findByIdentifier(TEST_APP_ID, {
      type: 'email',
      value: 'open-quote@example.com',
    });
    expect(after).toBeUndefined();
  });

  it('refuses a CSV header that names a column twice, which would silently keep only one cell', async () => {
    const csv = ['email,team,email', 'first@example.com,web,second@example.com'].join('\n');
    const response = await t.call(
      'POST',
      `/admin/v1/apps/${TEST_APP_ID}/users/import`,
      { csv },
      {
        authorization: `Bearer ${ADMIN_KEY}`,
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'invalid_request',
      error: 'csv: line 1: the column "email" appears twice.',
    });
  });

  it('refuses a body that is neither users nor csv', async () => {
    const response = await t.call(
      'POST',
      `/admin/v1/apps/${TEST_APP_ID}/users/import`,
      {},
      {
        authorization: `Bearer ${ADMIN_KEY}`,
      },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).error).toBe('Give either users or csv.');
  });
});

describe.skipIf(testDbKind !== 'sqlite')(
  'open-passage-server import (the built command, as a child process)',
  () => {
    const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'open-passage-import-'));
      await writeFile(
        join(dir, 'apps.json'),
        JSON.stringify({
          apps: [
            {
              id: TEST_APP_ID,
              name: 'Import',
              auth_origin: 'http://localhost:8080',
              user_metadata_schema: [
                { id: 'team', field_name: 'team', friendly_name: 'Team', type: 'string' },
              ],
            },
          ],
        }),
      );
      await writeFile(join(dir, 'users.json'), JSON.stringify(passageExport()));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    const run = async () => {
      expect(existsSync(main), 'server/dist is built (npm run build -w open-passage-server)').toBe(true);
      try {
        const { stdout } = await promisify(execFile)(process.execPath, [main, 'import', 'users.json'], {
          cwd: dir,
          env: {
            ...process.env,
            APPS_FILE: 'apps.json',
            DATA_DIR: 'data',
            DATABASE_URL: '',
            LOG_LEVEL: 'silent',
          },
        });
        return { code: 0, stdout };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    };

    // Needs the built server: npm test and scripts/test-on-node.mjs build it first.
    it.skipIf(!existsSync(main))(
      'reports each row, exits 1 for the bad one, and changes nothing when run again',
      async () => {
        const first = await run();
        expect(first.code, first.stderr).toBe(1);
        expect(first.stdout).toMatch(/^user #1 +created +2Zt7LsyQyW4MZ1ZbDfHnh7Ps$/m);
        expect(first.stdout).toMatch(
          /^user #3 +failed +badRow000000000000000003 +email: identifier is not valid/m,
        );
        expect(first.stdout).toContain(
          `Imported into app ${TEST_APP_ID}: 3 created, 0 updated, 0 unchanged, 0 skipped, 1 failed.`,
        );
        const second = await run();
        expect(second.stdout).toContain('0 created, 0 updated, 3 unchanged, 0 skipped, 1 failed.');
      },
    );
  },
);
