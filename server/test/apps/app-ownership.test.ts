import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { runImport } from '../../src/management/cli-commands.js';
import { createSharedTestDatabase, type TestDatabase } from '../support/test-database.js';
import {
  type RunningTestServer,
  startTestServer,
  TEST_APP_ID,
  type TestApp,
} from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-ownership-tests-0123';
const FILE_KEY = 'opk_declared-in-the-apps-file-of-the-ownership-test';
/** A second key of the file, which no test revokes: the tests run in any order. */
const KEPT_KEY = 'opk_declared-in-the-apps-file-and-never-revoked';
const SETTINGS_KEY = 'opk_declared-in-the-settings-of-an-admin-made-app';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const FILE_APP: TestApp = {
  id: TEST_APP_ID,
  redirect_url: '/from-the-file',
  session_timeout_length: 600,
  api_keys: [
    { name: 'file key', sha256: sha256(FILE_KEY) },
    { name: 'kept key', sha256: sha256(KEPT_KEY) },
  ],
};
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Two instances on one database (PostgreSQL; a SQLite file on SQLite), restarted at will. */
describe('one source of truth per app, on every instance and across restarts', () => {
  let database: TestDatabase;
  const instances: RunningTestServer[] = [];
  const start = (logStream?: NodeJS.WritableStream) =>
    startTestServer({
      database,
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [FILE_APP],
      ...(logStream ? { logStream } : {}),
    });
  const restart = async (index: number, logStream?: NodeJS.WritableStream) => {
    await instances[index]!.stop();
    instances[index] = await start(logStream);
  };
  const admin = (index: number, method: string, path: string, body?: unknown) =>
    instances[index]!.call(method, `/admin/v1/apps${path}`, body, { authorization: `Bearer ${ADMIN_KEY}` });
  /** The status of a management call with `key` on each instance. */
  const statuses = (appId: string, key: string) =>
    Promise.all(
      instances.map(
        async (t) =>
          (await t.call('GET', `/v1/apps/${appId}/users`, undefined, { authorization: `Bearer ${key}` }))
            .status,
      ),
    );

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    instances.push(await start(), await start());
  });
  afterAll(async () => {
    for (const t of instances) await t.stop();
    await database.drop();
  });

  it('refuses to change or delete an app of the apps file, naming the file', async () => {
    for (const [method, body] of [
      ['PATCH', { name: 'Renamed' }],
      ['PATCH', { session_timeout_length: 120 }],
      ['PATCH', { api_keys: [] }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await admin(0, method, `/${TEST_APP_ID}`, body);
      expect(refused.status, `${method} ${JSON.stringify(body)}`).toBe(409);
      expect(await refused.json()).toEqual({
        code: 'app_declared_in_file',
        error: expect.stringMatching(
          /declared in the apps file \(.*apps\.json\).*change it there and restart/,
        ),
      });
    }
    const { app } = (await (await admin(1, 'GET', `/${TEST_APP_ID}`)).json()) as Json;
    expect(app).toMatchObject({
      name: 'Test app',
      session_timeout_length: 600,
      redirect_url: '/from-the-file',
    });
    expect(await statuses(TEST_APP_ID, KEPT_KEY)).toEqual([200, 200]);
  });

  it('keeps a key revoked through the admin API dead everywhere: at once, after restarts, while the file declares it, after an import', async () => {
    const listed = (await (await admin(1, 'GET', `/${TEST_APP_ID}/api-keys`)).json()) as Json;
    const fileKey = listed.api_keys.find((key: Json) => key.name === 'file key');
    expect(fileKey.source).toBe('file');
    expect((await admin(0, 'DELETE', `/${TEST_APP_ID}/api-keys/${fileKey.id}`)).status).toBe(204);
    expect(await statuses(TEST_APP_ID, FILE_KEY)).toEqual([401, 401]);

    const lines: Json[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Json);
    });
    await restart(1, logStream);
    expect(await statuses(TEST_APP_ID, FILE_KEY)).toEqual([401, 401]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        event: 'api_key.declared_but_dead',
        appId: TEST_APP_ID,
        keyName: 'file key',
        msg: expect.stringMatching(/was revoked and stays revoked/),
      }),
    );
    await restart(0);
    await importOneUser(database, [FILE_APP]);
    expect(await statuses(TEST_APP_ID, FILE_KEY)).toEqual([401, 401]);
    const after = (await (await admin(0, 'GET', `/${TEST_APP_ID}/api-keys`)).json()) as Json;
    expect(after.api_keys.map((key: Json) => key.name)).not.toContain('file key');
  });

  it("stops a key removed from an admin-made app's settings at once on every instance, for good", async () => {
    const appId = 'adminMadeApp000000000001';
    const declared = [{ name: 'settings key', sha256: sha256(SETTINGS_KEY) }];
    const created = await admin(0, 'POST', '', {
      id: appId,
      name: 'Admin made',
      auth_origin: 'http://localhost:1',
      api_keys: declared,
    });
    expect(created.status).toBe(201);
    expect(await statuses(appId, SETTINGS_KEY)).toEqual([200, 200]);

    expect((await admin(0, 'PATCH', `/${appId}`, { api_keys: [] })).status).toBe(200);
    expect(await statuses(appId, SETTINGS_KEY)).toEqual([401, 401]);
    const again = await admin(1, 'PATCH', `/${appId}`, { api_keys: declared });
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).error).toMatch(/settings key.*was revoked and stays revoked/);

    // The database owns this app: its changes survive restarts.
    expect((await admin(1, 'PATCH', `/${appId}`, { name: 'Renamed' })).status).toBe(200);
    await restart(0);
    await restart(1);
    expect(await statuses(appId, SETTINGS_KEY)).toEqual([401, 401]);
    expect(((await (await admin(0, 'GET', `/${appId}`)).json()) as Json).app.name).toBe('Renamed');

    // Deleting the app revokes its keys on every instance when the deletion is answered.
    const made = (await (await admin(0, 'POST', `/${appId}/api-keys`, { name: 'made' })).json()) as Json;
    expect(await statuses(appId, made.key)).toEqual([200, 200]);
    expect((await admin(1, 'DELETE', `/${appId}`)).status).toBe(204);
    expect(await statuses(appId, made.key)).toEqual([401, 401]);
  });

  it("leaves a running server's app settings alone when users are imported with the CLI", async () => {
    const edited = { ...FILE_APP, redirect_url: '/edited-since-the-start', session_timeout_length: 900 };
    await importOneUser(database, [edited]);
    const { app } = (await (await admin(0, 'GET', `/${TEST_APP_ID}`)).json()) as Json;
    expect(app).toMatchObject({ redirect_url: '/from-the-file', session_timeout_length: 600 });
  });
});

/** `open-passage-server import` of one user into `database`, with an apps file declaring `apps`. */
async function importOneUser(database: TestDatabase, apps: TestApp[]): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'open-passage-import-'));
  try {
    const appsFile = join(dir, 'apps.json');
    const complete = apps.map((app) => ({ name: 'Test app', auth_origin: 'http://localhost:1', ...app }));
    await writeFile(appsFile, JSON.stringify({ apps: complete }));
    const users = join(dir, 'users.json');
    await writeFile(users, JSON.stringify([{ email: `imported-${Date.now()}@example.com` }]));
    const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: database.url, appsFile };
    const totals = await runImport(config, users, TEST_APP_ID, new PassThrough().resume());
    expect(totals.created).toBe(1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
