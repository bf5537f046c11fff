#!/usr/bin/env node
import { type AddressInfo, createServer } from 'node:net';
import { relative } from 'node:path';
import { createFirstAppsFile } from './apps/first-app.js';
import { helpText, packageVersion, parseCommandLine, UsageError } from './cli.js';
import { loadConfig } from './config/config.js';
import { apiKeyText, runImport } from './management/cli-commands.js';
import { gracefulShutdown } from './shutdown.js';

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

/** A path as the user would type it: relative to the current directory when it lies below it. */
function shown(path: string): string {
  const below = relative(process.cwd(), path);
  return below !== '' && !below.startsWith('..') && !below.startsWith('/') ? `./${below}` : path;
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
  const firstApp = config.appsFileIsDefault ? await createFirstAppsFile(config.appsFile) : null;
  // Loaded only to serve: the commands run without the whole server in memory (an import's peak RSS).
  const { buildServer } = await import('./app.js');
  const server = await buildServer(config);
  await server.http.listen({ port: config.port, host: config.host });
  const address = server.http.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://localhost:${port}`;

  const database = server.dbKind === 'sqlite' ? `sqlite, ${shown(config.databaseUrl.slice(7))}` : 'postgres';
  const lines = [
    '',
    `  open-passage is running at ${base}/`,
    ...(server.site?.hasPage('/passage') ? [`  sign-in widget:            ${base}/passage`] : []),
    ...(server.site ? [`  site (STATIC_DIR):         ${shown(server.site.root)}`] : []),
    `  apps file:                 ${shown(config.appsFile)}`,
    ...server.apps.map((app) => `  app "${app.name}" id:     ${app.id}`),
    `  database:                  ${database}`,
    ...(server.devOutbox ? [`  dev outbox:                ${base}/dev/outbox`] : []),
    ...(server.viewGallery ? [`  view gallery:              ${base}/dev/views`] : []),
    '',
  ];
  if (firstApp) {
    lines.push(
      `  First run: created ${shown(config.appsFile)} with one app, "${firstApp.name}" (id ${firstApp.id}).`,
      `  Its auth_origin is \${PUBLIC_URL} (${config.publicUrl}): set it to the origin of the site that`,
      '  shows the sign-in elements, and declare further apps in the same file ({"apps": [ … ]}).',
      '  Restart the server after editing it; open-passage-server --help lists every setting.',
      '',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

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
