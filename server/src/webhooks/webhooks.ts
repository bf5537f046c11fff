import type { FastifyBaseLogger } from 'fastify';
import type { WebhookConfig } from '../config/webhook-config.js';
import type { Db, DbKind } from '../db/database.js';
import type { EventsRepository } from '../events/events-repository.js';
import type { MetricsRecorder } from '../metrics/recorder.js';
import type { ServerSecrets } from '../security/server-secrets.js';
import { EndpointsRepository } from './endpoints-repository.js';
import { OutboxRepository } from './outbox-repository.js';
import { WebhookFanOut } from './webhook-fan-out.js';
import { SECRETS_KEY_NAME, SecretsCipher } from './webhook-secrets.js';
import { TEST_EVENT_TYPE, type WebhookPayload } from './webhook-types.js';
import { WebhookWorker, type WebhookWorkerOptions } from './webhook-worker.js';

/**
 * Webhooks (docs/server/operations.md, "Webhooks"): the apps' endpoints, the outbox the event log feeds
 * in its own transactions, and the worker that sends it. `server.webhooks`; the management API's
 * routes (management/management-webhook-routes.ts) use `endpoints`, `outbox`, `changed` and `sendTest`.
 */
export class Webhooks {
  private constructor(
    readonly endpoints: EndpointsRepository,
    readonly outbox: OutboxRepository,
    readonly worker: WebhookWorker,
    private readonly fanOut: WebhookFanOut,
    /** Where endpoints may point (checked when one is set, and on every send). */
    readonly config: WebhookConfig,
  ) {}

  /** Opens the outbox, makes `events` queue messages for subscribed endpoints, and starts the worker. */
  static async start(options: {
    db: Db;
    kind: DbKind;
    secrets: ServerSecrets;
    events: EventsRepository;
    config: WebhookConfig;
    log: FastifyBaseLogger;
    metrics: MetricsRecorder;
    worker?: WebhookWorkerOptions;
  }): Promise<Webhooks> {
    const { db, kind, secrets, events, config, log } = options;
    const endpoints = new EndpointsRepository(db, new SecretsCipher(await secrets.get(SECRETS_KEY_NAME)));
    const outbox = new OutboxRepository(db, kind);
    const worker = new WebhookWorker(outbox, endpoints, config, log, {
      metrics: options.metrics,
      ...options.worker,
    });
    const fanOut = new WebhookFanOut(endpoints, outbox, () => worker.wake());
    events.follow(fanOut);
    worker.start();
    return new Webhooks(endpoints, outbox, worker, fanOut, config);
  }

  /** After an endpoint of the app changed here: the next event reads its endpoints again. */
  changed(appId: string): void {
    this.fanOut.forget(appId);
  }

  /** Queues a `webhook.test` message for one endpoint (whatever it subscribes to); its message id. */
  async sendTest(appId: string, endpointId: string): Promise<string> {
    const now = Date.now();
    const payload: WebhookPayload = {
      type: TEST_EVENT_TYPE,
      timestamp: new Date(now).toISOString(),
      data: { app_id: appId, webhook_id: endpointId },
    };
    const [id] = await this.outbox.insert(
      [{ appId, endpointId, eventType: TEST_EVENT_TYPE, payload: JSON.stringify(payload) }],
      now,
    );
    this.worker.wake();
    return id!;
  }

  /** Sends what is in flight, then claims nothing more (server shutdown). */
  stop(): Promise<void> {
    return this.worker.stop();
  }
}
