import { execFile } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { testDbKind } from '../support/test-database.js';
import { startTestServer } from '../support/test-server.js';

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

describe('the metrics settings', () => {
  it('leave metrics off unless METRICS_PORT is set, and listen on loopback by default', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: ' ' }).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.7' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.7',
    });
  });

  it('refuse a port that is not one, the public port, and a host without a port, naming the setting', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`${JSON.stringify(env)} was accepted`);
    };
    for (const bad of ['abc', '-1', '65536', '94.64', '0x10']) {
      expect(refusal({ METRICS_PORT: bad })).toBe(
        `METRICS_PORT must be a whole number from 0 to 65535 (0 picks a free port), got "${bad}" — for example METRICS_PORT=9464`,
      );
    }
    expect(refusal({ PORT: '8080', METRICS_PORT: '8080' })).toBe(
      'METRICS_PORT must differ from PORT (both 8080): metrics are never served on the public port — for example METRICS_PORT=9464',
    );
    expect(refusal({ METRICS_PORT: '8080' })).toMatch(/^METRICS_PORT must differ from PORT/);
    expect(refusal({ METRICS_HOST: '0.0.0.0' })).toBe(
      'METRICS_HOST is set ("0.0.0.0") but METRICS_PORT is not: metrics stay off without a port — for example METRICS_PORT=9464',
    );
  });

  it('stop the start, naming them, when the metrics port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      await expect(startTestServer({ env: { METRICS_PORT: String(port) } })).rejects.toThrow(
        `the metrics cannot listen on 127.0.0.1:${port} (METRICS_HOST, METRICS_PORT): listen EADDRINUSE`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  // The built command, as a user starts it (npm test builds it first).
  it.skipIf(testDbKind !== 'sqlite' || !existsSync(main))(
    'stop the built server at start with that message',
    async () => {
      const cwd = await mkdtemp(join(tmpdir(), 'open-passage-metrics-'));
      const { code, stderr } = await new Promise<{ code: unknown; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [main],
          { cwd, env: { PATH: process.env.PATH, PORT: '0', METRICS_PORT: 'all' }, timeout: 15_000 },
          (error, _stdout, stderr) => resolve({ code: error?.code, stderr }),
        );
      });
      await rm(cwd, { recursive: true, force: true });
      expect(code).toBe(1);
      expect(stderr).toBe(
        'open-passage-server: METRICS_PORT must be a whole number from 0 to 65535 (0 picks a free port), got "all" — for example METRICS_PORT=9464\n',
      );
    },
  );
});
