import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_BATCH_SIZE } from '../../src/user-import/user-import.js';
import { passageExport } from '../support/passage-export.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-import-tests-0123456';
const OTHER_APP_ID = 'otherApp0000000000000001';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('user import', () => {
  let t: RunningTestServer;
  const importUsers = async (body: unknown) => {
    const response = await t.call('POST', `/admin/v1/apps/${TEST_APP_ID}/users/import`, body, {
      authorization: `Bearer ${ADMIN_KEY}`,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  };
  /** The import's answer, whatever its status. */
  const postImport = async (body: string | Json, contentType = 'application/json') => {
    const response = await t.call(
      'POST',
      `/admin/v1/apps/${TEST_APP_ID}/users/import`,
      typeof body === 'string' ? body : JSON.stringify(body),
      { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': contentType },
    );
    return { status: response.status, body: (await response.json()) as Json };
  };
  const outcomes = (report: Json) => report.rows.map((row: Json) => [row.row, row.outcome, row.reason]);
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
        { id: OTHER_APP_ID },
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
    for (const type of ['application/json', 'text/csv']) {
      const empty = await postImport('', type);
      expect(empty.status, type).toBe(400);
      expect(empty.body.code).toBe('invalid_request');
    }
    const untyped = await fetch(`${t.baseUrl}/admin/v1/apps/${TEST_APP_ID}/users/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    });
    expect(untyped.status).toBe(400);
  });

  it('answers other requests between the batches of a large import, instead of after it', async () => {
    const users = Array.from({ length: 30 * IMPORT_BATCH_SIZE }, (_, i) => ({
      email: `busy${i}@example.com`,
    }));
    let importing = true;
    const imported = postImport({ users }).finally(() => (importing = false));
    let answeredMeanwhile = 0;
    while (importing) {
      const health = await t.call('GET', '/v1/health');
      expect(health.status).toBe(200);
      if (importing) answeredMeanwhile++;
    }
    const { status, body } = await imported;
    expect(status).toBe(200);
    expect(body.created).toBe(users.length);
    // The import yields after each of its 30 batches (about one check answered per batch); it used to run
    // through in one turn of the event loop, answering only the checks sent as it started (3 of them).
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(10);
  });

  it('fails a row whose id is a user of another app, and stores the rows around it', async () => {
    const other = await t.call(
      'POST',
      `/admin/v1/apps/${OTHER_APP_ID}/users/import`,
      { users: [{ id: 'otherAppsUser00000000001', email: 'other@example.com' }] },
      { authorization: `Bearer ${ADMIN_KEY}` },
    );
    expect(((await other.json()) as Json).created).toBe(1);
    const { status, body } = await postImport({
      users: [
        { email: 'before@example.com' },
        { id: 'otherAppsUser00000000001', email: 'mine@example.com' },
        { email: 'after@example.com' },
      ],
    });
    expect(status).toBe(200);
    expect(outcomes(body)).toEqual([
      ['user #1', 'created', ''],
      ['user #2', 'failed', 'the id otherAppsUser00000000001 belongs to a user of another app.'],
      ['user #3', 'created', ''],
    ]);
    expect((await usersTable()).map((user) => user.email).sort()).toEqual([
      'after@example.com',
      'before@example.com',
    ]);
    const theirs = await t.server.identity.users.findById(OTHER_APP_ID, 'otherAppsUser00000000001');
    expect(theirs?.email).toBe('other@example.com');
  });

  it('fails a row whose email or phone another user has, in the file or already stored', async () => {
    await importUsers({ users: [{ id: 'storedUser00000000000001', email: 'stored@example.com' }] });
    const { body } = await postImport({
      users: [
        { id: 'firstInFile0000000000001', email: 'twice@example.com', phone: '+14155550101' },
        { id: 'secondInFile000000000001', email: 'twice@example.com' },
        { id: 'thirdInFile0000000000001', phone: '+1 415 555 0101' },
        { id: 'newIdStoredEmail00000001', email: 'stored@example.com' },
        { email: 'stored@example.com', phone: '+14155550101', updated_at: '2030-01-01T00:00:00Z' },
      ],
    });
    expect(outcomes(body)).toEqual([
      ['user #1', 'created', ''],
      ['user #2', 'failed', 'its email already belongs to user firstInFile0000000000001.'],
      ['user #3', 'failed', 'its phone number already belongs to user firstInFile0000000000001.'],
      ['user #4', 'failed', 'its email already belongs to user storedUser00000000000001.'],
      ['user #5', 'failed', 'its phone number already belongs to user firstInFile0000000000001.'],
    ]);
    expect((await usersTable()).map((user) => user.id)).toEqual([
      'firstInFile0000000000001',
      'storedUser00000000000001',
    ]);
  });

  it('fails only its row when the database refuses one no check foresaw, and stores the others', async () => {
    // A rule the import does not know of, as a sign-up taking an email between a check and its write.
    await sql`create unique index test_one_user_per_login_count on users (app_id, login_count)`.execute(
      t.server.db,
    );
    const { status, body } = await postImport({
      users: [
        { email: 'one@example.com', login_count: 1 },
        { email: 'two@example.com', login_count: 1 },
        { email: 'three@example.com', login_count: 3 },
      ],
    });
    expect(status).toBe(200);
    expect(outcomes(body)).toEqual([
      ['user #1', 'created', ''],
      ['user #2', 'failed', 'its id, email or phone number was taken by another user meanwhile.'],
      ['user #3', 'created', ''],
    ]);
    expect((await usersTable()).map((user) => user.email).sort()).toEqual([
      'one@example.com',
      'three@example.com',
    ]);
  });

  it('refuses unknown fields: of the body with 400, of a user as its row, and names them', async () => {
    const extra = await postImport({ users: [{ email: 'kept@example.com' }], dry_run: true });
    expect(extra).toEqual({
      status: 400,
      body: { code: 'invalid_request', error: 'line 1: unknown field "dry_run". Give either users or csv.' },
    });
    expect(await usersTable()).toEqual([]);
    const { body } = await postImport({
      users: [
        { email: 'typo@example.com', emial_verified: true },
        { email: 'passage@example.com', webauthn_devices: [], recent_events: [], external_id: '' },
      ],
    });
    expect(outcomes(body)).toEqual([
      [
        'user #1',
        'failed',
        expect.stringMatching(/^has an unknown field "emial_verified" \(a user has id, email, /),
      ],
      ['user #2', 'created', ''],
    ]);
  });

  it('refuses an import that is not UTF-8 with 400 naming the line, instead of storing U+FFFD', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('{"users": [\n{"email": "ok@example.com"},\n{"email": "caf'),
      Buffer.from([0xe9]),
      Buffer.from('@example.com"}]}'),
    ]);
    const response = await fetch(`${t.baseUrl}/admin/v1/apps/${TEST_APP_ID}/users/import`, {
      method: 'POST',
      body: latin1,
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'invalid_request',
      error: 'line 3: the file is not UTF-8 text (save or export it as UTF-8).',
    });
    expect(await usersTable()).toEqual([]);
  });

  it('fails a row whose time is not RFC 3339 or lies outside the years 1970 to 9999', async () => {
    const { body } = await postImport({
      users: [
        { email: 'far@example.com', updated_at: '+275760-09-13T00:00:00.000Z' },
        { email: 'early@example.com', created_at: '1969-12-31T23:59:59Z' },
        { email: 'loose@example.com', last_login_at: '1' },
        {
          email: 'never@example.com',
          last_login_at: '0001-01-01T00:00:00Z',
          updated_at: '9999-12-31T23:59:59Z',
        },
      ],
    });
    expect(outcomes(body)).toEqual([
      ['user #1', 'failed', 'updated_at must be an RFC 3339 time, e.g. 2024-05-01T12:00:00Z.'],
      ['user #2', 'failed', 'created_at must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z.'],
      ['user #3', 'failed', 'last_login_at must be an RFC 3339 time, e.g. 2024-05-01T12:00:00Z.'],
      ['user #4', 'created', ''],
    ]);
    const never = await t.server.identity.users.findById(TEST_APP_ID, body.rows[3].id);
    expect(never).toMatchObject({ last_login_at: null, updated_at: '9999-12-31T23:59:59.000Z' });
  });

  it('fails a row whose email hides an invisible character', async () => {
    const { body } = await postImport({
      users: [
        { email: 'ad\u200ba@example.com' },
        { email: 'ad\u00ada@example.com' },
        { email: 'ada\u2060@example.com' },
        { email: 'ada@example.com' },
      ],
    });
    expect(outcomes(body)).toEqual([
      ['user #1', 'failed', 'email contains an invisible character (U+200B), which hides what it is.'],
      ['user #2', 'failed', 'email contains an invisible character (U+00AD), which hides what it is.'],
      ['user #3', 'failed', 'email contains an invisible character (U+2060), which hides what it is.'],
      ['user #4', 'created', ''],
    ]);
  });

  it('refuses a body over 20 MiB with 413, naming the command that takes any size', async () => {
    const csv = `email\n${'x'.repeat(20 * 1024 * 1024)}\n`;
    expect(await postImport(JSON.stringify({ csv }))).toEqual({
      status: 413,
      body: {
        code: 'invalid_request',
        error:
          'An import over HTTP is at most 20 MiB: import a larger file with open-passage-server import <file>.',
      },
    });
  });

  it('takes the CSV file itself as text/csv, refusing an unknown column up front', async () => {
    const { status, body } = await postImport(
      'email,team\r\nfile@example.com,web\r\n',
      'text/csv; charset=utf-8',
    );
    expect(status).toBe(200);
    expect(outcomes(body)).toEqual([['line 2', 'created', '']]);
    expect(await postImport('email,teem\nfile2@example.com,web\n', 'text/csv')).toEqual({
      status: 400,
      body: {
        code: 'invalid_request',
        error:
          'line 1: unknown column "teem". The columns are id, email, phone, email_verified, phone_verified, status, created_at, updated_at, last_login_at, login_count, social_connections, and the app\'s metadata fields: team, age.',
      },
    });
    expect((await postImport('email\nlatin@example.com\n', 'text/csv; charset=iso-8859-1')).body).toEqual({
      code: 'invalid_request',
      error: 'The import must be UTF-8, not iso-8859-1.',
    });
  });
});
