import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDbKind } from './support/test-database.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** The environment without any of the server's settings, so only the test's own count. */
function cleanEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      !/^(PORT|HOST|PUBLIC_URL|DEV_MODE|DATA_DIR|DATABASE_URL|APPS_FILE|SMTP_URL|SMS_PROVIDER|NODE_ENV|LOG_LEVEL|CONTACT_TO|TRUST_PROXY|STATIC_DIR)$/.test(
        key,
      )
    ) {
      env[key] = value;
    }
  }
  return { ...env, ...settings };
}

/** Runs the built server in `cwd`; it must exit by itself (a refusal) within the time-out. */
function refusal(
  cwd: string,
  settings: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [main],
      { cwd, env: cleanEnv(settings), timeout: 15_000 },
      (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    );
  });
}

// The built command in an empty folder, as a user starts it. Needs the built server: npm test builds it first.
describe.skipIf(testDbKind !== 'sqlite' || !existsSync(main))('a server that cannot start', () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'open-passage-start-up-'));
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  it('with a bad LOG_LEVEL says so and leaves no data/ folder and no apps file behind', async () => {
    const { code, stderr } = await refusal(cwd, { LOG_LEVEL: 'verbose', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'open-passage-server: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose" — for example LOG_LEVEL=debug\n',
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('outside development mode without SMTP_URL names it and the first-run app, and writes nothing', async () => {
    const { code, stderr } = await refusal(cwd, { PUBLIC_URL: 'https://id.example.com', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^open-passage-server: SMTP_URL is not set, so the server cannot send the one-time codes and magic links of app "My app" \(id \w+\)\. Set it to your mail server, for example SMTP_URL=smtp:\/\/user:password@mail\.example\.com:587/,
    );
    expect(stderr).toContain('is off: PUBLIC_URL https://id.example.com is not a loopback URL.)');
    expect(stderr).toContain(
      '(The app is the one a first run writes to ./passage-apps.json; nothing was written.)',
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('with a mistake in its apps file names it, and creates no data/ folder', async () => {
    writeFileSync(
      join(cwd, 'passage-apps.json'),
      JSON.stringify({
        apps: [{ id: 'myApp0000000000001', name: 'My app', auth_origin: 'http://localhost:3000/' }],
      }),
    );
    const { code, stderr } = await refusal(cwd, { PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'open-passage-server: apps file ./passage-apps.json, app "My app" (#1): auth_origin "http://localhost:3000/" must be an origin',
    );
    expect(readdirSync(cwd)).toEqual(['passage-apps.json']);
  });

  it('with a PUBLIC_URL that has a path names PUBLIC_URL, not the apps file, and writes nothing', async () => {
    const { code, stderr } = await refusal(cwd, {
      PUBLIC_URL: 'https://id.example.com/auth',
      SMTP_URL: 'smtp://x',
      PORT: '0',
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^open-passage-server: PUBLIC_URL must be an origin \(scheme, host and port, no path\), got "https:\/\/id\.example\.com\/auth" — for example PUBLIC_URL=https:\/\/id\.example\.com\./,
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('with a TRUST_PROXY it cannot read names TRUST_PROXY and what it takes, and writes nothing', async () => {
    for (const bad of ['bogus', '10.0.0.0/33']) {
      const { code, stderr } = await refusal(cwd, { TRUST_PROXY: bad, PORT: '0' });
      expect(code, bad).toBe(1);
      expect(stderr, bad).toMatch(
        new RegExp(
          `^open-passage-server: TRUST_PROXY must be true or a comma-separated list .*, got "${bad}" — for example TRUST_PROXY=`,
        ),
      );
      expect(readdirSync(cwd), bad).toEqual([]);
    }
  });

  it('with a STATIC_DIR that does not exist names STATIC_DIR, and writes nothing', async () => {
    const { code, stderr } = await refusal(cwd, { STATIC_DIR: '/nonexistent', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^open-passage-server: STATIC_DIR must be the folder of a built site with its index\.html, got "\/nonexistent", which does not exist/,
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('removes the first-run apps file it wrote when the start fails after it', async () => {
    // A database it cannot reach fails in buildServer, after the first-run file was written.
    const { code, stderr } = await refusal(cwd, { DATABASE_URL: 'postgres://127.0.0.1:1/none', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^open-passage-server: /);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('forgets the first-run app it had stored when the start fails after the database was seeded', async () => {
    // A site whose routes.json is broken stops the start in buildServer, after the app was stored.
    const site = join(cwd, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>');
    writeFileSync(join(site, 'routes.json'), JSON.stringify({ pages: '/' }));
    const { code, stderr } = await refusal(cwd, { STATIC_DIR: 'site', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toContain('"pages" must be a list of paths');
    expect(existsSync(join(cwd, 'passage-apps.json'))).toBe(false);
    const database = new DatabaseSync(join(cwd, 'data', 'open-passage.db'));
    try {
      expect(database.prepare('SELECT count(*) AS apps FROM apps').get()).toEqual({ apps: 0 });
    } finally {
      database.close();
    }
  });

  it('with DEV_MODE=true and a PUBLIC_URL naming another host refuses, and writes nothing', async () => {
    const { code, stderr } = await refusal(cwd, { DEV_MODE: 'true', PUBLIC_URL: 'https://id.example.com' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^open-passage-server: DEV_MODE=true \(or --dev\) serves every one-time code/);
    expect(readdirSync(cwd)).toEqual([]);
  });
});
