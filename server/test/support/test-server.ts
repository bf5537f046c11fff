import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildOptions, buildServer, type OpenPassageServer } from '../../src/app.js';
import type { AppSettings } from '../../src/apps/app-settings.js';
import { loadConfig, type ServerConfig } from '../../src/config/config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_APP_ID = 'testApp0000000000000001';

export type TestApp = Partial<AppSettings> & { id: string };

export interface RunningTestServer {
  server: OpenPassageServer;
  baseUrl: string;
  /** The metrics listener's `/metrics` URL, as main.ts starts it (METRICS_PORT in `env`); null when off. */
  metricsUrl: string | null;
  /** `fetch` against the server, JSON in and out. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/** Starts a real server on a free port with its own fresh database and the given apps. */
export async function startTestServer(
  options: {
    apps?: TestApp[];
    env?: Record<string, string>;
    staticDir?: string;
    /** Receives the server's JSON log lines (at LOG_LEVEL from `env`, default info) instead of silence. */
    logStream?: NodeJS.WritableStream;
    /** Log level (default: silent, or info with a logStream) and other build options (delivery tuning). */
    logLevel?: string;
    build?: BuildOptions;
    /** A database another server of the test also uses (several instances); the caller drops it. */
    database?: TestDatabase;
    /** The proxy's URL that several instances share (default: this server's own address). */
    publicUrl?: string;
  } = {},
): Promise<RunningTestServer> {
  const database = options.database ?? (await createTestDatabase());
  const dir = await mkdtemp(join(tmpdir(), 'open-passage-test-'));
  const appsFile = join(dir, 'apps.json');
  const apps = options.apps ?? [{ id: TEST_APP_ID }];
  const complete = apps.map((app) => ({ name: 'Test app', auth_origin: '${PUBLIC_URL}', ...app }));
  await writeFile(appsFile, JSON.stringify({ apps: complete }));

  const config: ServerConfig = {
    ...loadConfig({ NODE_ENV: 'test', ...options.env }),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: database.url,
    appsFile,
    staticDir: options.staticDir ?? null,
    logLevel: options.logLevel ?? (options.logStream ? (options.env?.LOG_LEVEL ?? 'info') : 'silent'),
  };
  // The public URL must name the real port, so reserve it before the apps file is read.
  const probe = await import('node:net').then(
    (net) =>
      new Promise<number>((resolve) => {
        const srv = net.createServer().listen(0, '127.0.0.1', () => {
          const port = (srv.address() as { port: number }).port;
          srv.close(() => resolve(port));
        });
      }),
  );
  config.port = probe;
  config.publicUrl = options.publicUrl ?? `http://localhost:${probe}`;
  // AUTH_ORIGIN's default is the public URL, known only now.
  if (!options.env?.AUTH_ORIGIN) config.authOrigin = config.publicUrl;
  let server: OpenPassageServer;
  try {
    server = await buildServer(config, {
      ...options.build,
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
  } catch (error) {
    // A server that refuses to start (tests of its settings) leaves nothing behind.
    if (!options.database) await database.drop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  await server.http.listen({ port: probe, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${probe}`;
  let metricsUrl: string | null;
  try {
    metricsUrl = (await server.metrics?.listen()) ?? null;
  } catch (error) {
    // A metrics port that cannot be had (tests of its settings) stops the start as in main.ts.
    await server.close();
    if (!options.database) await database.drop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    server,
    baseUrl,
    metricsUrl,
    call(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
      return fetch(`${baseUrl}${path}`, init);
    },
    async stop() {
      await server.close();
      if (!options.database) await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
