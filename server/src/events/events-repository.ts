import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { PreparedInsert, PreparedQuery } from '../db/prepared-query.js';
import type { UserEventsTable } from '../db/schema.js';
import { newTimeOrderedId } from '../security/random.js';
import type { ClientInfo } from './client-info.js';
import type { EventType } from './event-types.js';

export type UserEventRow = Selectable<UserEventsTable>;

/** What happened, to whom and how; the repository adds the id and the time. */
export interface NewUserEvent {
  appId: string;
  userId: string | null;
  type: EventType;
  method?: string;
  client: ClientInfo;
}

/** Filters of a listing of an app's events; every one is optional. */
export interface EventFilter {
  userId?: string;
  types?: readonly string[];
  /** ISO times: events at or after `since`, before `until`. */
  since?: string;
  until?: string;
  /** The id of the last event of the previous page: this page starts after it. */
  after?: string;
}

/**
 * The event log of every app. Ids sort by creation time (`newTimeOrderedId`), so "newest first" is the
 * order of the id and an id is also the paging cursor.
 */
export class EventsRepository {
  private readonly insert: PreparedInsert<'user_events'>;
  /** `recent_events` of every management read of a user: compiled once. */
  private readonly recent: PreparedQuery<[string, string, number], UserEventRow>;

  constructor(private readonly db: Db) {
    this.insert = new PreparedInsert(db, 'user_events');
    this.recent = new PreparedQuery(db, (q, appId: string, userId: string, limit: number) =>
      q
        .selectFrom('user_events')
        .selectAll()
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit),
    );
  }

  /** Writes one event; `db` may be the transaction of the change it records. */
  async record(event: NewUserEvent, db: Db = this.db, now = Date.now()): Promise<void> {
    await this.insert.run(db, {
      id: newTimeOrderedId(now),
      app_id: event.appId,
      user_id: event.userId,
      type: event.type,
      method: event.method ?? null,
      ip_addr: event.client.ip,
      user_agent: event.client.userAgent,
      created_at: new Date(now).toISOString(),
    });
  }

  /** The user's `limit` newest events, newest first. */
  recentForUser(appId: string, userId: string, limit: number): Promise<UserEventRow[]> {
    return this.recent.rows(this.db, appId, userId, limit);
  }

  /** Up to `limit` events of the app matching `filter`, newest first. */
  list(appId: string, filter: EventFilter, limit: number): Promise<UserEventRow[]> {
    let query = this.db.selectFrom('user_events').selectAll().where('app_id', '=', appId);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.types?.length) query = query.where('type', 'in', filter.types);
    if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
    if (filter.until !== undefined) query = query.where('created_at', '<', filter.until);
    if (filter.after !== undefined) query = query.where('id', '<', filter.after);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Deletes the events recorded before `cutoff` (ISO time); returns how many went. */
  async deleteOlderThan(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('user_events')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
