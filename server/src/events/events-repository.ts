import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { PreparedInsert, PreparedQuery } from '../db/prepared-query.js';
import type { UserEventsTable } from '../db/schema.js';
import { newTimeOrderedId } from '../security/random.js';
import type { ClientInfo } from './client-info.js';
import type { EventActor, EventType } from './event-types.js';

export type UserEventRow = Selectable<UserEventsTable>;

/** What happened, to whom and how; the repository adds the id and the time. */
export interface NewUserEvent {
  appId: string;
  userId: string | null;
  type: EventType;
  method?: string;
  /** `user` unless said otherwise. */
  actor?: EventActor;
  client: ClientInfo;
}

/**
 * What follows from some events (webhook messages): written with the event, in its transaction, so that
 * neither is kept without the other. `prepare` answers from memory when it can, so that an app with
 * nothing following its events pays no query; `db` is the database or the caller's transaction.
 */
export interface EventFollower {
  prepare(event: UserEventRow, db: Db): EventFollowUp | null | Promise<EventFollowUp | null>;
}

export interface EventFollowUp {
  write(db: Db): Promise<void>;
  /** Called once the event and the follow-up are written (committed, unless in a caller's transaction). */
  written(): void;
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

/** The digits of `newTimeOrderedId`'s clock, in their order. */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CLOCK_CHARS = 8;
let sequence = 0;

/**
 * A time-ordered id whose first three random characters are a decimal sequence of this process, so
 * that the events one instance records in the same millisecond (a passkey registration and its
 * sign-in) keep their order. Events are sorted by `created_at`, then by id: ids of one millisecond
 * share their clock, and decimal digits sort alike in every collation (the clock's mixed case would
 * not). 13 random characters remain (≈77 bits); an event id is no secret.
 */
function eventId(now: number): string {
  sequence = (sequence + 1) % 1000;
  const id = newTimeOrderedId(now);
  return id.slice(0, CLOCK_CHARS) + String(sequence).padStart(3, '0') + id.slice(CLOCK_CHARS + 3);
}

/** When the event with this id was recorded (ISO time), read from the id's clock. */
function timeOfEventId(id: string): string {
  let ms = 0;
  for (const char of id.slice(0, CLOCK_CHARS)) ms = ms * 62 + BASE62.indexOf(char);
  return new Date(ms).toISOString();
}

/**
 * The event log of every app, newest first: by `created_at`, then by id (`eventId`). An id also tells
 * its time, so it is the paging cursor.
 */
export class EventsRepository {
  private readonly insert: PreparedInsert<'user_events'>;
  /** `recent_events` of every management read of a user: compiled once. */
  private readonly recent: PreparedQuery<[string, string, number], UserEventRow>;
  private follower: EventFollower | null = null;

  constructor(private readonly db: Db) {
    this.insert = new PreparedInsert(db, 'user_events');
    this.recent = new PreparedQuery(db, (q, appId: string, userId: string, limit: number) =>
      q
        .selectFrom('user_events')
        .selectAll()
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit),
    );
  }

  /** What is written with each event from now on (the webhooks' fan-out). */
  follow(follower: EventFollower): void {
    this.follower = follower;
  }

  /**
   * Writes one event; `db` may be the transaction of the change it records. With a follow-up (webhook
   * messages), both are written in one transaction: the caller's, or one opened here.
   */
  async record(event: NewUserEvent, db: Db = this.db, now = Date.now()): Promise<void> {
    const row: UserEventRow = {
      id: eventId(now),
      app_id: event.appId,
      user_id: event.userId,
      type: event.type,
      method: event.method ?? null,
      actor: event.actor ?? 'user',
      ip_addr: event.client.ip,
      user_agent: event.client.userAgent,
      created_at: new Date(now).toISOString(),
    };
    const prepared = this.follower?.prepare(row, db) ?? null;
    const followUp = prepared instanceof Promise ? await prepared : prepared;
    if (!followUp) {
      await this.insert.run(db, row);
      return;
    }
    if (db.isTransaction) {
      await this.insert.run(db, row);
      await followUp.write(db);
    } else {
      await db.transaction().execute(async (trx) => {
        await this.insert.run(trx, row);
        await followUp.write(trx);
      });
    }
    followUp.written();
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
    const { after } = filter;
    if (after !== undefined) {
      const time = timeOfEventId(after);
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', time), eb.and([eb('created_at', '=', time), eb('id', '<', after)])]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
