import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { appRoutes } from './apps/app-routes.js';
import { registerAppScope } from './apps/app-scope.js';
import type { AppSettings } from './apps/app-settings.js';
import { appsFileVariables, readAppsFile } from './apps/apps-file.js';
import { AppsRepository } from './apps/apps-repository.js';
import { logKeySyncs } from './apps/declared-keys-log.js';
import type { ServerConfig } from './config/config.js';
import { type Db, type DbKind, migrateToLatest, openDatabase } from './db/database.js';
import { adminRoutes } from './admin/admin-routes.js';
import { adminUserRoutes } from './admin/admin-user-routes.js';
import { contactRoutes } from './contact/contact-routes.js';
import { currentUserRoutes } from './current-user/current-user-routes.js';
import type { WorkerOptions } from './delivery/delivery-worker.js';
import { chooseTransports, createDelivery, type Delivery } from './delivery/delivery.js';
import { smsStatusRoutes } from './delivery/status/sms-status-routes.js';
import type { MessageSender } from './delivery/outgoing-message.js';
import type { QueueRepository } from './delivery/queue-repository.js';
import { missingTransports, requireTransports } from './delivery/required-transports.js';
import { DevOutbox } from './dev/dev-outbox.js';
import { type DevSurfaces, registerDevSurfaces } from './dev/dev-surfaces.js';
import { AppOrigins } from './apps/app-origins.js';
import { registerCors } from './http/cors.js';
import {
  answerClientError,
  answerFrameworkError,
  ignoreUnknownExpectations,
  MAX_PARAM_LENGTH,
  registerErrorHandling,
} from './http/error-handler.js';
import { acceptEmptyJsonBodies } from './http/empty-json-body.js';
import { healthRoutes } from './http/health.js';
import { refuseNulCharacters } from './http/nul-characters.js';
import { loggerOptions, OneLinePerRequest } from './http/logging.js';
import { type RouteWithoutSchema, trackRouteSchemas } from './http/route-schemas.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerStaticSite, type StaticSite } from './http/static-site.js';
import { trustedProxies } from './http/trusted-proxies.js';
import { buildValidatorWithoutBodyCoercion } from './http/validator-compiler.js';
import { ServerSecrets } from './security/server-secrets.js';
import { magicLinkRoutes } from './magic-links/magic-link-routes.js';
import type { MetricsListener } from './metrics/metrics-listener.js';
import { NO_METRICS } from './metrics/recorder.js';
import { loadMetrics } from './metrics/load-metrics.js';
import { managementApi } from './management/index.js';
import { registerOpenApi, registerOpenApiRoute } from './openapi/openapi.js';
import { openIdConfigurationRoutes } from './oidc/openid-configuration.js';
import { otpRoutes } from './otp/otp-routes.js';
import { socialRoutes } from './social/social-routes.js';
import { tokenRoutes } from './tokens/token-routes.js';
import { IdentityServices } from './identity-services.js';
import { usersRoutes } from './users/users-routes.js';
import { coreIdentity } from './webauthn/core-identity.js';
import { registerPasskeys } from './webauthn/register-passkeys.js';
import { LOCAL_PROVIDERS_HINT, unreachableProviders } from './social/provider-addresses.js';
import type { WebhookWorkerOptions } from './webhooks/webhook-worker.js';
import { Webhooks } from './webhooks/webhooks.js';

export interface OpenPassageServer {
  http: FastifyInstance;
  db: Db;
  dbKind: DbKind;
  apps: AppSettings[];
  /** The site served on the paths the API does not own (STATIC_DIR), if any. */
  site: StaticSite | null;
  /** Whether the view gallery is served at /dev/views (ELEMENTS_WWW_DIR, development mode only). */
  viewGallery: boolean;
  /** Whether the debug panel is served at /dev/debug-panel.js (DEBUG_PANEL_FILE, development mode only). */
  debugPanel: boolean;
  /** In development mode, unless both a mail and an SMS transport are configured. */
  devOutbox: DevOutbox | null;
  /** Where features hand over the messages they send (codes, links, contact mail). */
  sender: MessageSender;
  /** The delivery queue and its worker (docs/server/delivery.md). */
  delivery: Delivery;
  /** The Prometheus endpoint's own listener (METRICS_PORT), not yet listening; null when metrics are off. */
  metrics: MetricsListener | null;
  /** Routes registered without a schema (must stay empty; checked by a test). */
  routesWithoutSchema: RouteWithoutSchema[];
  /** Users, tokens, auth results and rate limits, for the other features (see identity-services.ts). */
  identity: IdentityServices;
  /** The apps' webhook endpoints, their outbox and its worker (docs/server/operations.md, "Webhooks"). */
  webhooks: Webhooks;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Where the JSON log lines go (default stdout); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /** Delivery worker tuning (tests use short back-offs). */
  delivery?: WorkerOptions;
  /** Webhook worker tuning (tests use short back-offs). */
  webhooks?: WebhookWorkerOptions;
}

/**
 * Reads and checks the apps file, opens the database (nothing is written before the apps can be served),
 * runs migrations, seeds the apps and wires every route. Does not listen.
 */
export async function buildServer(
  config: ServerConfig,
  options: BuildOptions = {},
): Promise<OpenPassageServer> {
  const apps = await readAppsFile(config.appsFile, appsFileVariables(config));
  requireTransports(config, apps);
  const { db, kind, pool } = openDatabase(config.databaseUrl);
  const appsRepository = new AppsRepository(db);
  let keySyncs: Awaited<ReturnType<AppsRepository['seedFromFile']>>;
  try {
    await migrateToLatest(db);
    keySyncs = await appsRepository.seedFromFile(apps);
    // Apps added through the admin API on an earlier run need their channels too.
    requireTransports(config, await appsRepository.list());
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const http = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new OneLinePerRequest(),
    trustProxy: trustedProxies(config.trustProxy) as boolean,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: 64 * 1024,
    // The router's and Node's refusals come before any error handler: both answer `{code, error}` too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    schemaController: { compilersFactory: { buildValidator: buildValidatorWithoutBodyCoercion() } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  logKeySyncs(http.log, keySyncs, 'apps file');
  for (const line of unreachableProviders(await appsRepository.list(), config.socialLocalProviders)) {
    http.log.warn(`social sign-in will fail: ${line} (${LOCAL_PROVIDERS_HINT})`);
  }
  let queue: QueueRepository | null = null; // the delivery's, created below
  let webhooks: Webhooks | null = null; // created below
  // Before any route, so that the latency hook times them all.
  const metrics = await loadMetrics(config.metrics, http, {
    queueDepth: async () => (await queue?.pendingByChannel()) ?? {},
    webhookQueueDepth: async () => (await webhooks?.outbox.pendingCount()) ?? 0,
    pool,
    warn: (err, message) => http.log.warn({ err }, message),
  });
  const recorder = metrics?.recorder ?? NO_METRICS;

  // Passage clients send JSON bodies as text/plain (no explicit content type): both are parsed as JSON,
  // and an empty one is no body on the routes that take none.
  acceptEmptyJsonBodies(http);
  registerErrorHandling(http);
  ignoreUnknownExpectations(http);
  refuseNulCharacters(http);
  const routesWithoutSchema = trackRouteSchemas(http);
  await registerOpenApi(http, config.publicUrl);
  registerSecurityHeaders(http, { connectSrc: config.cspConnectSrc });
  const appOrigins = new AppOrigins(appsRepository);
  registerCors(http, appOrigins);
  await http.register(healthRoutes, { db, dbKind: kind });
  registerOpenApiRoute(http);

  const useDevOutbox = config.devMode.on && (config.smtpUrl === null || config.smsProvider === null);
  const devOutbox = useDevOutbox ? new DevOutbox(db) : null;
  const secrets = new ServerSecrets(db);
  const delivery = await createDelivery({
    db,
    kind,
    apps: appsRepository,
    secrets,
    transports: chooseTransports(config, devOutbox, http.log),
    log: http.log,
    metrics: recorder,
    ...options.delivery,
  });
  queue = delivery.queue;
  const sender: MessageSender = delivery.sender;
  // Delivery status from Twilio or Vonage, with SMS_DELIVERY_STATUS=on (docs/server/sms-providers.md).
  await http.register(smsStatusRoutes, {
    smsProvider: config.smsProvider,
    publicUrl: config.publicUrl,
    queue: delivery.queue,
  });
  const identity = new IdentityServices(db, appsRepository, sender, secrets, http.log, config, recorder);
  const webhookService = await Webhooks.start({
    db,
    kind,
    secrets,
    events: identity.events,
    config: config.webhooks,
    log: http.log,
    metrics: recorder,
    ...(options.webhooks && { worker: options.webhooks }),
  });
  webhooks = webhookService;

  // One app's API: a plugin per feature, each with paths below /v1/apps/:appId (docs/contributing.md).
  await registerAppScope(http, identity.appCache, async (scope) => {
    await scope.register(appRoutes);
    await scope.register(usersRoutes, { identity });
    await scope.register(tokenRoutes, { identity });
    await scope.register(currentUserRoutes, { identity });
    await scope.register(otpRoutes, { identity });
    await scope.register(magicLinkRoutes, { identity });
    await scope.register(socialRoutes, {
      identity,
      publicUrl: config.publicUrl,
      localProviders: config.socialLocalProviders,
    });
    await scope.register(openIdConfigurationRoutes, { publicUrl: config.publicUrl });
    const passkeys = await registerPasskeys(scope, { db, identity: coreIdentity(identity), sender });
    identity.setCredentialSummaries(passkeys.summaries);
  });
  await http.register(contactRoutes, {
    db,
    apps: appsRepository,
    sender: delivery.sender,
    // In development mode without SMTP the contact form's messages go to the outbox, to a made-up owner.
    contactTo: config.contactTo ?? (devOutbox && !config.smtpUrl ? 'site-owner@localhost' : null),
    rateLimitFactor: config.rateLimitFactor,
    origins: appOrigins,
    publicUrl: config.publicUrl,
    metrics: recorder,
  });
  if (config.adminApiKey) {
    await http.register(adminRoutes, {
      apiKey: config.adminApiKey,
      apps: appsRepository,
      appsFile: config.appsFile,
      missingTransports: (settings) => missingTransports(config, [settings]),
    });
    await http.register(adminUserRoutes, { apiKey: config.adminApiKey, apps: appsRepository, identity });
  }
  // Passage's management API (API keys) shares paths with the auth API and answers by its own key.
  await http.register(managementApi, {
    identity,
    apps: appsRepository,
    adminApiKey: config.adminApiKey,
    webhooks: webhookService,
  });

  const dev: DevSurfaces = config.devMode.on
    ? await registerDevSurfaces(http, {
        outbox: devOutbox,
        elementsWwwDir: config.elementsWwwDir,
        debugPanelFile: config.debugPanelFile,
      })
    : { viewGallery: false, debugPanel: null };
  const site = await registerStaticSite(http, config.staticDir, dev.debugPanel);

  return {
    http,
    db,
    dbKind: kind,
    apps,
    site,
    viewGallery: dev.viewGallery,
    debugPanel: dev.debugPanel !== null,
    devOutbox,
    sender,
    delivery,
    metrics: metrics?.listener ?? null,
    routesWithoutSchema,
    identity,
    webhooks: webhookService,
    async close() {
      // Requests in flight finish first (and hand their messages over), then the worker sends what it holds.
      await http.close();
      await metrics?.listener.close();
      await delivery.worker.stop();
      await webhookService.stop();
      await identity.close();
      await db.destroy();
    },
  };
}
