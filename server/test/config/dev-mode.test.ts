import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { startBanner } from '../../src/start-banner.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { createTestDatabase, type TestDatabase, testDbKind } from '../support/test-database.js';

const mode = (env: NodeJS.ProcessEnv) => loadConfig(env, '/somewhere').devMode;

describe('development mode', () => {
  it('is on by itself with a loopback PUBLIC_URL (or none) outside production', () => {
    for (const url of [
      undefined,
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:8080',
    ]) {
      expect(mode({ PUBLIC_URL: url }), String(url)).toMatchObject({ on: true });
    }
    expect(mode({}).because).toBe(
      'PUBLIC_URL http://localhost:8080 is a loopback URL and NODE_ENV is not production',
    );
    expect(mode({ NODE_ENV: 'development' }).on).toBe(true);
  });

  it('is off with a PUBLIC_URL naming another host, with NODE_ENV=production, or DEV_MODE=false', () => {
    for (const url of [
      'https://id.example.com',
      'http://localhost.example.com',
      'http://app.localhost:8080',
    ]) {
      expect(mode({ PUBLIC_URL: url }), url).toEqual({
        on: false,
        because: `PUBLIC_URL ${url} is not a loopback URL`,
      });
    }
    expect(mode({ NODE_ENV: 'production' })).toEqual({ on: false, because: 'NODE_ENV=production' });
    expect(mode({ DEV_MODE: 'false' })).toEqual({ on: false, because: 'DEV_MODE=false' });
  });

  it('is on with DEV_MODE=true, which refuses a PUBLIC_URL naming another host and NODE_ENV=production', () => {
    expect(mode({ DEV_MODE: 'true' })).toEqual({ on: true, because: 'DEV_MODE=true' });
    expect(() => mode({ DEV_MODE: 'true', PUBLIC_URL: 'https://id.example.com' })).toThrow(
      /^DEV_MODE=true \(or --dev\) serves every one-time code and magic link at \/dev\/outbox, so it runs only with a loopback PUBLIC_URL .*; PUBLIC_URL is "https:\/\/id\.example\.com"\. On a server others reach, leave DEV_MODE unset and set SMTP_URL/,
    );
    expect(() => mode({ DEV_MODE: 'true', NODE_ENV: 'production' })).toThrow(
      /DEV_MODE=true \(or --dev\) and NODE_ENV=production contradict each other/,
    );
    expect(() => mode({ DEV_MODE: 'yes' })).toThrow(
      'DEV_MODE must be true or false, got "yes" — for example DEV_MODE=true',
    );
  });

  it('listens on localhost by default, every interface otherwise; HOST wins', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ PUBLIC_URL: 'https://id.example.com' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEV_MODE: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://id.example.com' }).host).toBe('127.0.0.1');
  });
});

describe('outside development mode', () => {
  let mail: SmtpSink;
  beforeAll(async () => {
    mail = await startSmtpSink();
  });
  afterAll(() => mail.stop());

  const production = { NODE_ENV: 'production' };

  it('refuses to start while an app allows email identifiers and SMTP_URL is unset, naming both', async () => {
    await expect(startTestServer({ env: production })).rejects.toThrow(
      `SMTP_URL is not set, so the server cannot send the one-time codes and magic links of app "Test app" (id ${TEST_APP_ID}).`,
    );
    await expect(
      startTestServer({
        env: { DEV_MODE: 'false' },
        apps: [
          { id: 'shopApp000000001', name: 'Shop', allowed_identifier: 'both' },
          { id: 'blogApp000000001', name: 'Blog' },
        ],
      }),
    ).rejects.toThrow(
      /apps "Shop" \(id shopApp000000001\) and "Blog" \(id blogApp000000001\)[^]*off: DEV_MODE=false\.\)$/,
    );
  });

  it('refuses to start while an app allows phone identifiers and SMS_PROVIDER is unset', async () => {
    await expect(
      startTestServer({
        env: { ...production, SMTP_URL: mail.url },
        apps: [
          { id: TEST_APP_ID, name: 'Email only' },
          { id: 'phoneApp00000001', name: 'Phone', allowed_identifier: 'phone' },
        ],
      }),
    ).rejects.toThrow(
      /^SMS_PROVIDER is not set, so the server cannot send the one-time codes of app "Phone" \(id phoneApp00000001\), which allow phone identifiers\./,
    );
  });

  it('refuses to start with CONTACT_TO or an app contact_to but no SMTP_URL', async () => {
    const phoneOnly = { id: 'phoneApp00000001', allowed_identifier: 'phone' as const };
    const env = { ...production, SMS_PROVIDER: 'http://127.0.0.1:9/send' };
    await expect(
      startTestServer({ env: { ...env, CONTACT_TO: 'owner@example.com' }, apps: [phoneOnly] }),
    ).rejects.toThrow(/cannot send the contact form's messages to CONTACT_TO \(owner@example\.com\)/);
    await expect(
      startTestServer({ env, apps: [{ ...phoneOnly, name: 'Phone', contact_to: 'owner@example.com' }] }),
    ).rejects.toThrow(/^SMTP_URL is not set[^]*app "Phone"/);
  });

  it('refuses to start while an app added through the admin API on an earlier run needs a transport', async () => {
    // SQLite's test database lives in memory, gone with its server: this test needs one that outlives it.
    const dir = await mkdtemp(join(tmpdir(), 'open-passage-dev-mode-'));
    const database: TestDatabase =
      testDbKind === 'sqlite'
        ? { url: `sqlite:${join(dir, 'db.sqlite')}`, drop: () => rm(dir, { recursive: true, force: true }) }
        : await createTestDatabase();
    const adminKey = 'admin-key-for-dev-mode-tests-0123456789';
    try {
      const earlier = await startTestServer({ database, env: { ADMIN_API_KEY: adminKey } });
      const created = await earlier.call(
        'POST',
        '/admin/v1/apps',
        {
          id: 'storedPhoneApp01',
          name: 'Stored',
          auth_origin: 'https://shop.example.com',
          allowed_identifier: 'phone',
        },
        { authorization: `Bearer ${adminKey}` },
      );
      expect(created.status, await created.clone().text()).toBe(201);
      await earlier.stop();
      await expect(startTestServer({ database, env: { ...production, SMTP_URL: mail.url } })).rejects.toThrow(
        /SMS_PROVIDER is not set[^]*app "Stored" \(id storedPhoneApp01\)/,
      );
    } finally {
      await database.drop();
    }
  });

  it('refuses, through the admin API, an app whose messages it could not send', async () => {
    const adminKey = 'admin-key-for-dev-mode-tests-0123456789';
    const t = await startTestServer({ env: { ...production, SMTP_URL: mail.url, ADMIN_API_KEY: adminKey } });
    try {
      const admin = { authorization: `Bearer ${adminKey}` };
      const phoneApp = {
        id: 'adminPhoneApp001',
        name: 'Phone',
        auth_origin: 'https://shop.example.com',
        allowed_identifier: 'phone',
      };
      const refused = await t.call('POST', '/admin/v1/apps', phoneApp, admin);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^SMS_PROVIDER is not set, so the server cannot send the one-time codes of app "Phone" \(id adminPhoneApp001\)/,
      );
      const emailApp = { ...phoneApp, allowed_identifier: 'email' };
      expect((await t.call('POST', '/admin/v1/apps', emailApp, admin)).status).toBe(201);
      const changed = await t.call(
        'PATCH',
        `/admin/v1/apps/${phoneApp.id}`,
        { allowed_identifier: 'both' },
        admin,
      );
      expect(changed.status).toBe(400);
      expect((await t.server.identity.apps.find(phoneApp.id))?.allowed_identifier).toBe('email');
    } finally {
      await t.stop();
    }
  });

  it('starts when its transports are set, with no development page; and with no app that needs one', async () => {
    const t = await startTestServer({ env: { ...production, SMTP_URL: mail.url } });
    try {
      expect(t.server.devOutbox).toBeNull();
      for (const path of ['/dev/outbox', '/dev/views', '/dev/debug-panel.js']) {
        expect((await t.call('GET', path)).status, path).toBe(404);
      }
    } finally {
      await t.stop();
    }
    const empty = await startTestServer({ env: production, apps: [] });
    await empty.stop();
  });

  it('does not warn of a missing SMS transport while every app is email-only', async () => {
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const t = await startTestServer({ env: { ...production, SMTP_URL: mail.url }, logStream });
    await t.stop();
    expect(lines.join('\n')).toContain('"level":30'); // the log was captured
    expect(lines.join('\n')).not.toContain('transport configured');
  });
});

describe('the start banner', () => {
  const served = { apps: [], site: null, dbKind: 'sqlite' as const, viewGallery: true, debugPanel: false };

  it('says unmissably when development mode is on, with its pages and who may reach them', () => {
    const config = loadConfig({ PORT: '8080' }, '/somewhere');
    const text = startBanner(config, { ...served, devOutbox: {} as never }, 8080, null);
    expect(text).toContain('│ DEVELOPMENT MODE: do not expose this server to a network.');
    expect(text).toContain('On because PUBLIC_URL http://localhost:8080 is a loopback URL and');
    expect(text).toContain('dev outbox:    http://localhost:8080/dev/outbox');
    expect(text).toContain('view gallery:  http://localhost:8080/dev/views');
    expect(text).toContain('These /dev/ pages answer only requests made on this machine');
    expect(text).toContain('Listening on localhost only: other machines cannot connect.');
    const box = text.split('\n').filter((line) => line.startsWith('  │'));
    expect(new Set(box.map((line) => line.length)).size).toBe(1);
  });

  it('lists no development page outside development mode', () => {
    const config = loadConfig(
      { PUBLIC_URL: 'https://id.example.com', SMTP_URL: 'smtp://mail.example.com' },
      '/x',
    );
    const text = startBanner(config, { ...served, viewGallery: false, devOutbox: null }, 8080, null);
    expect(text).not.toContain('/dev/');
    expect(text).not.toContain('DEVELOPMENT');
  });

  it('names the public URL users reach and the address it listens on, not a localhost it does not serve', () => {
    const config = loadConfig(
      { PUBLIC_URL: 'https://id.example.com', SMTP_URL: 'smtp://mail.example.com' },
      '/x',
    );
    const text = startBanner(config, { ...served, viewGallery: false, devOutbox: null }, 8080, null);
    expect(text).toContain('  open-passage is running at https://id.example.com/\n');
    expect(text).toContain('  listening on:              0.0.0.0:8080 (every interface)\n');
    expect(text).not.toContain('localhost');
    const local = startBanner(loadConfig({ PORT: '8080' }, '/x'), { ...served, devOutbox: null }, 8080, null);
    expect(local).toContain('  open-passage is running at http://localhost:8080/\n');
    expect(local).not.toContain('listening on:');
  });

  it('suggests a page on localhost:5173 for the first run only in development mode', () => {
    const app = { id: 'firstApp00000000000000001', name: 'My app' } as never;
    const production = loadConfig(
      { PUBLIC_URL: 'https://id.example.com', SMTP_URL: 'smtp://mail.example.com' },
      '/x',
    );
    const text = startBanner(production, { ...served, devOutbox: null }, 8080, app);
    expect(text).toContain('First run: created');
    expect(text).not.toContain('localhost');
    expect(text).toContain('--auth-origin https://www.example.com');
    const dev = startBanner(loadConfig({}, '/x'), { ...served, devOutbox: null }, 8080, app);
    expect(dev).toContain('--auth-origin http://localhost:5173');
  });
});
