import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { appRoutes } from './apps/app-routes.js';
import type { AppSettings } from './apps/app-settings.js';
import { readAppsFile } from './apps/apps-file.js';
import { AppsRepository } from './apps/apps-repository.js';
import type { ServerConfig } from './config/config.js';
import { type Db, type DbKind, migrateToLatest, openDatabase } from './db/database.js';
import { DevOutboxSender } from './delivery/dev-outbox-sender.js';
import type { MessageSender } from './delivery/outgoing-message.js';
import { DevOutbox, registerDevOutboxRoutes } from './dev/dev-outbox.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerStaticSite } from './http/static-site.js';

export interface OpenPassageServer {
  http: FastifyInstance;
  db: Db;
  dbKind: DbKind;
  apps: AppSettings[];
  /** Present unless a real mail/SMS transport is configured or NODE_ENV is production. */
  devOutbox: DevOutbox | null;
  /** Where features hand over the messages they send (codes, links, contact mail). */
  sender: MessageSender;
  close(): Promise<void>;
}

/** Opens the database, runs migrations, seeds the apps file and wires every route. Does not listen. */
export async function buildServer(config: ServerConfig): Promise<OpenPassageServer> {
  const { db, kind } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const appsRepository = new AppsRepository(db);
  const apps = await readAppsFile(config.appsFile, { PUBLIC_URL: config.publicUrl });
  for (const app of apps) await appsRepository.upsert(app);

  const http = Fastify({
    logger: { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Passage clients send JSON bodies as text/plain (no explicit content type): parse them as JSON.
  http.addContentTypeParser('text/plain', { parseAs: 'string' }, http.getDefaultJsonParser('error', 'error'));
  registerErrorHandling(http);

  await http.register(appRoutes, { apps: appsRepository });

  const useDevOutbox = !config.production && (config.smtpUrl === null || config.smsProvider === null);
  const devOutbox = useDevOutbox ? new DevOutbox(db) : null;
  if (devOutbox) registerDevOutboxRoutes(http, devOutbox);
  const sender: MessageSender = new DevOutboxSender(devOutbox ?? new DevOutbox(db));

  await registerStaticSite(http, config.staticDir);

  return {
    http,
    db,
    dbKind: kind,
    apps,
    devOutbox,
    sender,
    async close() {
      await http.close();
      await db.destroy();
    },
  };
}
