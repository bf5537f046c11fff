import type { FastifyBaseLogger } from 'fastify';
import type { AppsRepository } from '../apps/apps-repository.js';
import type { ServerConfig, SmsProvider } from '../config/config.js';
import type { Db, DbKind } from '../db/database.js';
import type { DevOutbox } from '../dev/dev-outbox.js';
import type { ServerSecrets } from '../security/server-secrets.js';
import { DeliveryWorker, type TransportsByChannel, type WorkerOptions } from './delivery-worker.js';
import { ParamsCipher } from '../security/params-cipher.js';
import { sendsEmail, sendsSms } from './required-transports.js';
import { smsStatusUrl } from './status/status-paths.js';
import { QueueRepository } from './queue-repository.js';
import { QueuedMessageSender } from './queued-message-sender.js';
import { DevOutboxTransport } from './transports/dev-outbox-transport.js';
import { SmsHttpTransport } from './transports/sms-http-transport.js';
import { SmtpTransport } from './transports/smtp-transport.js';
import { SnsTransport } from './transports/sns-transport.js';
import type { Transport } from './transports/transport.js';
import { TwilioTransport } from './transports/twilio-transport.js';
import { VonageTransport } from './transports/vonage-transport.js';

export interface Delivery {
  sender: QueuedMessageSender;
  worker: DeliveryWorker;
  queue: QueueRepository;
  transports: TransportsByChannel;
}

/** The transport of the SMS provider SMS_PROVIDER chose; with delivery status, it names where to report. */
function smsTransport(provider: SmsProvider, publicUrl: string): Transport {
  switch (provider.kind) {
    case 'twilio': {
      const statusCallback = provider.deliveryStatus ? smsStatusUrl(publicUrl, 'twilio') : null;
      return new TwilioTransport(provider, undefined, statusCallback);
    }
    case 'vonage': {
      const callback = provider.deliveryStatus ? smsStatusUrl(publicUrl, 'vonage') : null;
      return new VonageTransport(provider, undefined, callback);
    }
    case 'sns':
      return new SnsTransport(provider);
    case 'http':
      return new SmsHttpTransport(provider.url);
  }
}

/** SMTP_URL / SMS_PROVIDER when set; otherwise the dev outbox (never in production, where it is null). */
export function chooseTransports(
  config: ServerConfig,
  devOutbox: DevOutbox | null,
  log: FastifyBaseLogger,
): TransportsByChannel {
  const dev = devOutbox ? new DevOutboxTransport(devOutbox, log) : null;
  return {
    email: config.smtpUrl ? new SmtpTransport({ url: config.smtpUrl, from: config.mailFrom }) : dev,
    sms: config.smsProvider ? smsTransport(config.smsProvider, config.publicUrl) : dev,
  };
}

/**
 * A channel without a transport matters only when something would use it: an app that sends on it (one
 * added through the admin API later is checked then) or messages already waiting for it in the queue.
 */
async function warnOfUnsendableChannels(
  transports: TransportsByChannel,
  apps: AppsRepository,
  queue: QueueRepository,
  log: FastifyBaseLogger,
): Promise<void> {
  const missing = (['email', 'sms'] as const).filter((channel) => !transports[channel]);
  if (missing.length === 0) return;
  const [stored, pending] = await Promise.all([apps.list(), queue.pendingByChannel()]);
  const sends = { email: sendsEmail, sms: sendsSms };
  for (const channel of missing) {
    if (stored.some(sends[channel]) || (pending[channel] ?? 0) > 0) {
      log.warn(`delivery: no ${channel} transport configured; ${channel} messages stay queued until one is`);
    }
  }
}

/** The delivery queue, its worker (started here) and the sender features use. */
export async function createDelivery(
  options: {
    db: Db;
    kind: DbKind;
    apps: AppsRepository;
    secrets: ServerSecrets;
    transports: TransportsByChannel;
    log: FastifyBaseLogger;
  } & WorkerOptions,
): Promise<Delivery> {
  const { db, kind, apps, secrets, transports, log, ...workerOptions } = options;
  const queue = new QueueRepository(db, kind, new ParamsCipher(await secrets.get('delivery-params')));
  const appName = async (appId: string) => (await apps.find(appId))?.name ?? 'open-passage';
  const worker = new DeliveryWorker(queue, transports, appName, log, workerOptions);
  const sender = new QueuedMessageSender(queue, worker);
  await warnOfUnsendableChannels(transports, apps, queue, log);
  worker.start();
  return { sender, worker, queue, transports };
}
