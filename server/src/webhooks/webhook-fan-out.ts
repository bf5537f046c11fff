import type { Db } from '../db/database.js';
import type { EventFollower, EventFollowUp, UserEventRow } from '../events/events-repository.js';
import type { EndpointsRepository } from './endpoints-repository.js';
import type { OutboxRepository } from './outbox-repository.js';
import { subscribes, type WebhookPayload } from './webhook-types.js';

interface Subscription {
  id: string;
  eventTypes: string[];
}

/** How long an instance trusts what it knows of an app's endpoints (changes on another instance show after this). */
const CACHE_MS = 5_000;

/** The message body of an event of the log (docs/server/operations.md, "Webhooks"). */
function eventPayload(event: UserEventRow): WebhookPayload {
  return {
    type: event.type as WebhookPayload['type'],
    timestamp: event.created_at,
    data: {
      app_id: event.app_id,
      event_id: event.id,
      user_id: event.user_id,
      method: event.method,
      actor: event.actor,
    },
  };
}

/**
 * Turns recorded events into webhook messages for the endpoints of their app that subscribe to them,
 * in the event's transaction. Each app's endpoints are cached a few seconds, so an app without any
 * costs a map lookup per event and one query per app every few seconds.
 */
export class WebhookFanOut implements EventFollower {
  private readonly cache = new Map<string, { subscriptions: Subscription[]; until: number }>();

  constructor(
    private readonly endpoints: EndpointsRepository,
    private readonly outbox: OutboxRepository,
    private readonly queued: () => void,
  ) {}

  prepare(event: UserEventRow, db: Db): EventFollowUp | null | Promise<EventFollowUp | null> {
    const cached = this.cache.get(event.app_id);
    if (cached && cached.until > Date.now()) return this.followUp(event, cached.subscriptions);
    return this.load(event.app_id, db).then((subscriptions) => this.followUp(event, subscriptions));
  }

  /** Forgets what is known of the app's endpoints (after a change on this instance). */
  forget(appId: string): void {
    this.cache.delete(appId);
  }

  private async load(appId: string, db: Db): Promise<Subscription[]> {
    const subscriptions = await this.endpoints.subscriptions(appId, db);
    this.cache.set(appId, { subscriptions, until: Date.now() + CACHE_MS });
    return subscriptions;
  }

  private followUp(event: UserEventRow, subscriptions: Subscription[]): EventFollowUp | null {
    if (subscriptions.length === 0) return null;
    const targets = subscriptions.filter((subscription) => subscribes(subscription.eventTypes, event.type));
    if (targets.length === 0) return null;
    const payload = JSON.stringify(eventPayload(event));
    const messages = targets.map((target) => ({
      appId: event.app_id,
      endpointId: target.id,
      eventType: event.type,
      payload,
    }));
    return {
      write: async (db) => void (await this.outbox.insert(messages, Date.now(), db)),
      written: this.queued,
    };
  }
}
