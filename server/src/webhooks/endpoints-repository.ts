import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { WebhookEndpointsTable } from '../db/schema.js';
import { newId } from '../security/random.js';
import { newWebhookSecret, type SecretsCipher } from './webhook-secrets.js';

type EndpointRow = Selectable<WebhookEndpointsTable>;

/** An endpoint as the management API shows it: never its secret. */
export interface WebhookEndpoint {
  id: string;
  appId: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What a change may set; absent fields stay. */
export interface EndpointChanges {
  url?: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
}

/** What the worker needs to send to an endpoint: where, and the secret to sign with. */
export interface SigningTarget {
  url: string;
  secret: string;
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    appId: row.app_id,
    url: row.url,
    description: row.description,
    eventTypes: JSON.parse(row.event_types) as string[],
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The apps' webhook endpoints. Secrets go in sealed and come out only to sign (`targets`) or once, when made. */
export class EndpointsRepository {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretsCipher,
  ) {}

  async list(appId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toEndpoint);
  }

  async find(appId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toEndpoint(row);
  }

  /**
   * The enabled endpoints of an app and what they subscribe to (the fan-out's cache fills from this);
   * `db` is the transaction of the event being recorded, if any (SQLite has one connection).
   */
  async subscriptions(appId: string, db: Db = this.db): Promise<{ id: string; eventTypes: string[] }[]> {
    const rows = await db
      .selectFrom('webhook_endpoints')
      .select(['id', 'event_types'])
      .where('app_id', '=', appId)
      .where('enabled', '=', 1)
      .execute();
    return rows.map((row) => ({ id: row.id, eventTypes: JSON.parse(row.event_types) as string[] }));
  }

  /** A new endpoint and its secret: the one time the secret leaves the server. */
  async create(
    appId: string,
    settings: Required<Omit<EndpointChanges, 'enabled'>> & { enabled: boolean },
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const now = new Date().toISOString();
    const secret = newWebhookSecret();
    const row: EndpointRow = {
      id: `ep_${newId()}`,
      app_id: appId,
      url: settings.url,
      description: settings.description,
      event_types: JSON.stringify(settings.eventTypes),
      enabled: settings.enabled ? 1 : 0,
      secret: this.cipher.seal(secret),
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('webhook_endpoints').values(row).execute();
    return { endpoint: toEndpoint(row), secret };
  }

  async update(appId: string, id: string, changes: EndpointChanges): Promise<WebhookEndpoint | undefined> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({
        ...(changes.url !== undefined && { url: changes.url }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.eventTypes !== undefined && { event_types: JSON.stringify(changes.eventTypes) }),
        ...(changes.enabled !== undefined && { enabled: changes.enabled ? 1 : 0 }),
        updated_at: new Date().toISOString(),
      })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? this.find(appId, id) : undefined;
  }

  /** A new secret replaces the old one at once (messages still queued are signed with it); null: no such endpoint. */
  async rotateSecret(appId: string, id: string): Promise<string | null> {
    const secret = newWebhookSecret();
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({ secret: this.cipher.seal(secret), updated_at: new Date().toISOString() })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? secret : null;
  }

  /** Deletes the endpoint with its queued messages and its delivery log; false when there was none. */
  async delete(appId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('webhook_endpoints')
        .where('app_id', '=', appId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) return false;
      await trx.deleteFrom('webhook_messages').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute();
      return true;
    });
  }

  /** Where and with which secret to send, for the endpoints of a batch of messages. */
  async targets(ids: readonly string[]): Promise<Map<string, SigningTarget>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'secret'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, { url: row.url, secret: this.cipher.open(row.secret) }]));
  }
}
