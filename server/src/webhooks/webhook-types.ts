import { EVENT_TYPES, type EventType } from '../events/event-types.js';

/** The type of the message `POST …/webhooks/{id}/test` sends; no subscription is needed for it. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Subscribes an endpoint to every type of the event log, present and future. */
const ALL_EVENTS = '*';

/** What an endpoint may subscribe to: the event log's types, or `*`. */
export const SUBSCRIBABLE_TYPES: readonly string[] = [ALL_EVENTS, ...EVENT_TYPES];

export type WebhookEventType = EventType | typeof TEST_EVENT_TYPE;

/** Whether an endpoint subscribed to `subscribed` gets events of `type`. */
export function subscribes(subscribed: readonly string[], type: string): boolean {
  return subscribed.includes(ALL_EVENTS) || subscribed.includes(type);
}

/**
 * The body of every webhook message, as the Standard Webhooks specification shapes it: the event type,
 * when it happened, and its data. Never an identifier, address or user agent: the receiver reads those,
 * if it needs them, through the management API.
 */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: {
    app_id: string;
    /** The event log entry's id (`GET /v1/apps/{appId}/events`); absent for the test event. */
    event_id?: string;
    user_id?: string | null;
    method?: string | null;
    actor?: string;
    /** The endpoint the test event was sent to. */
    webhook_id?: string;
  };
}
