#!/usr/bin/env node
import { buildServer } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { gracefulShutdown } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await buildServer(config);
  await server.http.listen({ port: config.port, host: config.host });
  const address = server.http.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const lines = [
    '',
    `  open-passage is running at http://localhost:${port}/`,
    `  sign-in widget:            http://localhost:${port}/passage`,
    ...server.apps.map((app) => `  app "${app.name}" id:     ${app.id}`),
    `  database:                  ${server.dbKind}`,
    server.devOutbox ? `  dev outbox:                http://localhost:${port}/dev/outbox` : '',
    '',
  ];
  process.stdout.write(`${lines.filter((l) => l !== null).join('\n')}\n`);

  const stop = gracefulShutdown(() => server.close());
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`open-passage-server: ${message}\n`);
  process.exit(1);
});
