#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import type { AppSettings } from './apps/app-settings.js';
import { createFirstAppsFile, firstApp } from './apps/first-app.js';
import { helpText, packageVersion, parseCommandLine, UsageError } from './cli.js';
import { ConfigError, loadConfig, type ServerConfig } from './config/config.js';
import { shownPath } from './config/shown-path.js';
import { requireTransports } from './delivery/required-transports.js';
import { apiKeyText, runImport } from './management/cli-commands.js';
import { gracefulShutdown } from './shutdown.js';
import { startBanner } from './start-banner.js';

/** A TCP port free on `host` at this moment. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * The first run (APPS_FILE unset and missing): writes the apps file with one app, once the server can
 * serve it (requireTransports). Returns the app, or null when there is nothing to write.
 */
async function writeFirstApp(config: ServerConfig): Promise<AppSettings | null> {
  const app = config.appsFileIsDefault ? firstApp(config.appsFile) : null;
  if (!app) return null;
  try {
    requireTransports(config, [app]);
  } catch (error) {
    const file = shownPath(config.appsFile);
    throw new ConfigError(
      `${(error as Error).message}\n(The app is the one a first run writes to ${file}; nothing was written.)`,
    );
  }
  return (await createFirstAppsFile(config.appsFile, app)) ? app : null;
}

/**
 * buildServer; when it refuses to start, the apps file this run created goes too, so the next start is a
 * first run again (and prints the app's id) instead of finding a file nobody was told about.
 */
async function buildOrForgetFirstApp(config: ServerConfig, created: AppSettings | null) {
  // Loaded only to serve: the commands run without the whole server in memory (an import's peak RSS).
  const { buildServer } = await import('./app.js');
  try {
    return await buildServer(config);
  } catch (error) {
    if (created) await forgetFirstApp(config, created.id);
    throw error;
  }
}

/**
 * Removes the first-run apps file, and the app if buildServer had already stored it (a refusal after the
 * database was seeded): else the next first run would add a second app beside one nobody was told about.
 */
async function forgetFirstApp(config: ServerConfig, id: string): Promise<void> {
  await rm(config.appsFile, { force: true });
  const [{ openDatabase }, { AppsRepository }] = await Promise.all([
    import('./db/database.js'),
    import('./apps/apps-repository.js'),
  ]);
  const sqliteFile = config.databaseUrl.startsWith('sqlite:')
    ? config.databaseUrl.slice('sqlite:'.length)
    : null;
  // Opening a SQLite database creates it: none there means the app never got in.
  if (sqliteFile !== null && (sqliteFile === ':memory:' || !existsSync(sqliteFile))) return;
  let opened: ReturnType<typeof openDatabase> | null = null;
  try {
    opened = openDatabase(config.databaseUrl);
    await new AppsRepository(opened.db).delete(id);
  } catch {
    // No database, or none that got this far: there is no app to remove.
  } finally {
    await opened?.db.destroy();
  }
}

async function main(): Promise<void> {
  const command = parseCommandLine(process.argv.slice(2));
  if (command.kind === 'help') return void process.stdout.write(helpText());
  if (command.kind === 'version') return void process.stdout.write(`${packageVersion()}\n`);
  if (command.kind === 'api-key') return void process.stdout.write(apiKeyText(command.name));
  if (command.kind === 'import') {
    const config = loadConfig({ ...process.env, ...command.env });
    const totals = await runImport(config, command.file, command.app, process.stdout);
    if (totals.failed > 0) process.exitCode = 1;
    return;
  }

  const env = { ...process.env, ...command.env };
  let config = loadConfig(env);
  // PORT=0: the free port is chosen now, so the public URL (and `${PUBLIC_URL}` in the apps file) names it.
  if (config.port === 0 && !env.PUBLIC_URL?.trim()) {
    config = loadConfig({ ...env, PORT: String(await freePort(config.host)) });
  }
  // Every setting was checked (loadConfig) and the first run's app is known to be servable before anything
  // is written: a mistake leaves no data/ folder and no apps file behind.
  const created = await writeFirstApp(config);
  const server = await buildOrForgetFirstApp(config, created);
  await server.http.listen({ port: config.port, host: config.host });
  const address = server.http.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Its own port, never the public one (docs/server/operations.md); a port in use stops the start here.
  const metricsUrl = (await server.metrics?.listen()) ?? null;
  process.stdout.write(startBanner(config, server, port, created, metricsUrl));

  const stop = gracefulShutdown(() => server.close());
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`open-passage-server: ${message}\n`);
  if (error instanceof UsageError) process.stderr.write('Run open-passage-server --help for the options.\n');
  process.exit(error instanceof UsageError ? 2 : 1);
});
