import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { appsFileVariables, readAppsFile } from '../src/apps/apps-file.js';
import { createFirstAppsFile, firstApp, firstRunNotice } from '../src/apps/first-app.js';
import { helpText, packageVersion, parseCommandLine, UsageError } from '../src/cli.js';
import { ConfigError, loadConfig, SETTINGS } from '../src/config/config.js';

const serverPackage = fileURLToPath(new URL('..', import.meta.url));
const repository = fileURLToPath(new URL('../..', import.meta.url));

/** The environment variables loadConfig reads, found by watching it read an empty environment. */
function variablesRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  loadConfig(env, '/somewhere');
  return [...read].sort();
}

describe('the command line', () => {
  it('starts with no arguments, with no settings of its own', () => {
    expect(parseCommandLine([])).toEqual({ kind: 'start', env: {} });
  });

  it('takes -h/--help and -v/--version', () => {
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['-h'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['--port', '9', '--help'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' });
    expect(parseCommandLine(['-v'])).toEqual({ kind: 'version' });
    expect(packageVersion()).toBe(
      (JSON.parse(readFileSync(join(serverPackage, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });

  it('turns the setting flags into the environment variables they stand for', () => {
    expect(
      parseCommandLine([
        '--port',
        '9000',
        '--host=127.0.0.1',
        '--public-url',
        'https://auth.example',
        '--data-dir',
        'var',
        '--apps-file',
        'apps.json',
        '--static-dir',
        'site',
        '--auth-origin',
        'http://localhost:5173',
      ]),
    ).toEqual({
      kind: 'start',
      env: {
        PORT: '9000',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://auth.example',
        DATA_DIR: 'var',
        APPS_FILE: 'apps.json',
        STATIC_DIR: 'site',
        AUTH_ORIGIN: 'http://localhost:5173',
      },
    });
  });

  it('takes --dev for DEV_MODE=true, without a value', () => {
    expect(parseCommandLine(['--dev'])).toEqual({ kind: 'start', env: { DEV_MODE: 'true' } });
    expect(parseCommandLine(['--dev', '--port', '9'])).toEqual({
      kind: 'start',
      env: { DEV_MODE: 'true', PORT: '9' },
    });
    expect(() => parseCommandLine(['--dev=false'])).toThrow(UsageError);
    expect(helpText()).toMatch(/DEV_MODE, --dev +true: development mode/);
  });

  it('refuses unknown flags, a flag without its value and positional arguments', () => {
    for (const args of [
      ['--bogus'],
      ['-x'],
      ['--port'],
      ['start'],
      ['--help=yes'],
      ['--admin-api-key', 'k'],
    ]) {
      expect(() => parseCommandLine(args), args.join(' ')).toThrow(UsageError);
    }
  });

  it('takes the import and api-key commands', () => {
    expect(parseCommandLine(['import', 'users.json'])).toEqual({
      kind: 'import',
      file: 'users.json',
      app: null,
      env: {},
    });
    expect(parseCommandLine(['import', '--app', 'app123456', 'u.csv', '--data-dir', '/d'])).toMatchObject({
      kind: 'import',
      file: 'u.csv',
      app: 'app123456',
    });
    expect(parseCommandLine(['api-key', '--name', 'ci'])).toEqual({ kind: 'api-key', name: 'ci' });
    for (const args of [
      ['import'],
      ['import', 'a.json', 'b.json'],
      ['import', 'a.json', '--bogus'],
      ['api-key', 'x'],
    ]) {
      expect(() => parseCommandLine(args), args.join(' ')).toThrow(UsageError);
    }
    expect(helpText()).toContain('open-passage-server import <users.json | users.csv> [--app <id>]');
  });

  it('--help lists every setting loadConfig reads, with its default', () => {
    const read = variablesRead();
    expect(read).toContain('DATA_DIR');
    expect(SETTINGS.map((s) => s.name).sort()).toEqual(read);
    const help = helpText();
    for (const setting of SETTINGS) {
      expect(help).toContain(setting.name);
      expect(help).toContain(`default: ${setting.default}`);
      if (setting.flag) expect(help).toContain(setting.switch ? setting.flag : `${setting.flag} <value>`);
    }
    expect(help).toMatch(/--help/);
    expect(help).toMatch(/--version/);
  });
});

describe('the defaults', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'open-passage-cwd-'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('keep every file under the current directory, none beside the code', () => {
    const config = loadConfig({}, cwd);
    expect(config.dataDir).toBe(join(cwd, 'data'));
    expect(config.databaseUrl).toBe(`sqlite:${join(cwd, 'data', 'open-passage.db')}`);
    expect(config.appsFile).toBe(join(cwd, 'passage-apps.json'));
    expect(config.appsFileIsDefault).toBe(true);
    expect(config.staticDir).toBeNull();
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    for (const path of [config.dataDir, config.databaseUrl, config.appsFile]) {
      expect(path).not.toContain(repository);
      expect(path).not.toContain('node_modules');
    }
  });

  it('resolve relative paths against the current directory', () => {
    mkdirSync(join(cwd, 'site'), { recursive: true });
    writeFileSync(join(cwd, 'site', 'index.html'), '<!doctype html>');
    const config = loadConfig(
      { DATA_DIR: 'var/op', APPS_FILE: 'conf/apps.json', STATIC_DIR: 'site', PORT: '0' },
      cwd,
    );
    expect(config.dataDir).toBe(join(cwd, 'var/op'));
    expect(config.databaseUrl).toBe(`sqlite:${join(cwd, 'var/op/open-passage.db')}`);
    expect(config.appsFile).toBe(join(cwd, 'conf/apps.json'));
    expect(config.appsFileIsDefault).toBe(false);
    expect(config.staticDir).toBe(join(cwd, 'site'));
    expect(loadConfig({ DATABASE_URL: 'sqlite:db/x.db' }, cwd).databaseUrl).toBe(
      `sqlite:${join(cwd, 'db/x.db')}`,
    );
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }, cwd).databaseUrl).toBe('sqlite::memory:');
    const postgres = 'postgres://user@127.0.0.1:5432/op';
    expect(loadConfig({ DATABASE_URL: postgres }, cwd).databaseUrl).toBe(postgres);
    expect(loadConfig({ STATIC_DIR: '' }, cwd).staticDir).toBeNull();
  });

  it('the first run writes an apps file with one valid app, and never overwrites one', async () => {
    const file = join(cwd, 'first', 'passage-apps.json');
    const app = firstApp(file);
    expect(app).not.toBeNull();
    expect(existsSync(file)).toBe(false);
    expect(await createFirstAppsFile(file, app!)).toBe(true);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { apps: unknown[] };
    expect(written.apps).toEqual([app]);
    // Its origin is AUTH_ORIGIN's: the server's own unless the setting names another.
    expect(app!.auth_origin).toBe('${AUTH_ORIGIN}');
    const [read] = await readAppsFile(file, appsFileVariables(loadConfig({}, cwd)));
    expect(read).toEqual({ ...app, auth_origin: 'http://localhost:8080' });
    const vite = loadConfig({ AUTH_ORIGIN: 'http://localhost:5173' }, cwd);
    expect((await readAppsFile(file, appsFileVariables(vite)))[0]!.auth_origin).toBe('http://localhost:5173');

    writeFileSync(file, '{"apps": []}');
    expect(firstApp(file)).toBeNull();
    expect(await createFirstAppsFile(file, app!)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('{"apps": []}');
    expect(existsSync(join(cwd, 'passage-apps.json'))).toBe(false);
  });

  it('the first run says how to let a page on another origin use the app, without editing the file', () => {
    const app = { id: 'firstApp00000000000000001', name: 'My app' } as Parameters<typeof firstRunNotice>[0];
    const text = firstRunNotice(app, './passage-apps.json', 'http://localhost:8080', true).join('\n');
    expect(text).toContain(
      'created ./passage-apps.json with one app, "My app" (id firstApp00000000000000001)',
    );
    expect(text).toContain('Its auth_origin is ${AUTH_ORIGIN}, now http://localhost:8080');
    expect(text).toContain('--auth-origin http://localhost:5173 (or AUTH_ORIGIN=http://localhost:5173)');
    // Started with that origin already: the advice names another one, not the one just set.
    const after = firstRunNotice(app, './passage-apps.json', 'http://localhost:5173', true).join('\n');
    expect(after).toContain('now http://localhost:5173');
    expect(after).not.toContain('--auth-origin http://localhost:5173');
    expect(after).toContain('--auth-origin https://www.example.com');
  });

  it('PUBLIC_URL must be an origin: a path is refused, naming PUBLIC_URL and an example', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://id.example.com/' }, cwd).publicUrl).toBe(
      'https://id.example.com',
    );
    for (const bad of [
      'https://id.example.com/auth',
      'https://id.example.com/auth/',
      'http://localhost:8080/x',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }, cwd), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: bad }, cwd), bad).toThrow(
        `PUBLIC_URL must be an origin (scheme, host and port, no path), got "${bad}" — for example PUBLIC_URL=${new URL(bad).origin}.`,
      );
    }
  });

  it('TRUST_PROXY takes true or addresses, CIDRs and range names; anything else is refused naming it', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }, cwd).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5 , 10.0.0.0/8,fd00::/8, loopback' }, cwd).trustProxy).toBe(
      '10.0.0.5,10.0.0.0/8,fd00::/8,loopback',
    );
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.0.0' }, cwd).trustProxy).toBe('10.0.0.0/255.0.0.0');
    for (const [bad, entry] of [
      ['bogus', 'bogus'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.5,', ''],
      ['10.0.0.5, nope', 'nope'],
    ]) {
      const refusal = () => loadConfig({ TRUST_PROXY: bad }, cwd);
      expect(refusal, bad).toThrow(ConfigError);
      expect(refusal, bad).toThrow(
        `TRUST_PROXY must be true or a comma-separated list of the proxies' IP addresses and CIDR ranges (10.0.0.5, 10.0.0.0/8, fd00::/8, or loopback, linklocal, uniquelocal), got "${entry}"`,
      );
      expect(refusal, bad).toThrow(/— for example TRUST_PROXY=10\.0\.0\.5/);
    }
  });

  it('STATIC_DIR must be a folder with an index.html: a missing one is refused, naming it', () => {
    mkdirSync(join(cwd, 'empty-site'), { recursive: true });
    writeFileSync(join(cwd, 'a-file'), '');
    for (const [bad, problem] of [
      ['/nonexistent', 'does not exist'],
      ['a-file', 'is not a folder'],
      ['empty-site', 'has no index.html'],
    ]) {
      expect(() => loadConfig({ STATIC_DIR: bad }, cwd), bad).toThrow(
        `STATIC_DIR must be the folder of a built site with its index.html, got "${bad}", which ${problem} — for example STATIC_DIR=dist`,
      );
    }
  });

  it('AUTH_ORIGIN is PUBLIC_URL by default, and must be one bare origin', () => {
    expect(loadConfig({}, cwd).authOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://id.example/' }, cwd).authOrigin).toBe('https://id.example');
    expect(loadConfig({ AUTH_ORIGIN: 'HTTP://LocalHost:5173/' }, cwd).authOrigin).toBe(
      'http://localhost:5173',
    );
    expect(loadConfig({ AUTH_ORIGIN: 'https://[::1]:8443' }, cwd).authOrigin).toBe('https://[::1]:8443');
    for (const bad of [
      'localhost:5173',
      'http://localhost:5173/page',
      'http://a.example http://b.example',
      '*',
      'ftp://files.example',
      'http://localhost:5173?x',
    ]) {
      expect(() => loadConfig({ AUTH_ORIGIN: bad }, cwd), bad).toThrow(ConfigError);
      expect(() => loadConfig({ AUTH_ORIGIN: bad }, cwd), bad).toThrow(/AUTH_ORIGIN must be an origin/);
    }
  });
});
