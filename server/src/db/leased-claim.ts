import { type QueryCreator, type Selectable, sql } from 'kysely';
import type { Db, DbKind } from './database.js';
import type { Database } from './schema.js';

/** The tables worked off by several instances through leases: the delivery queue and the webhook outbox. */
export type LeasedTable = 'outgoing_messages' | 'webhook_messages';

/** Due rows a claim passes over: those of apps (and webhook endpoints) that have enough in flight. */
export interface SkippedRows {
  appIds?: readonly string[];
  endpointIds?: readonly string[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Claims up to `limit` due rows of `table` for one worker, atomically, and returns them: a row is due when
 * pending, its `next_attempt_at` has come and no live lease holds it. The claim is a lease until
 * `now + leaseMs`: if the worker dies, the row is due again after it, so a row is handled at least once
 * and never by two live instances at once. Each claim counts an attempt.
 */
export async function claimDueRows<T extends LeasedTable>(
  db: Db,
  kind: DbKind,
  table: T,
  claim: { workerId: string; now: number; leaseMs: number; limit: number; skip?: SkippedRows },
): Promise<Selectable<Database[T]>[]> {
  // Typed as one of the tables: Kysely cannot follow a query through a union of table names.
  const name = table as 'outgoing_messages';
  const nowIso = iso(claim.now);
  const due = (qc: QueryCreator<Database>) =>
    qc
      .selectFrom(name)
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
      .$if(Boolean(claim.skip?.appIds?.length), (q) => q.where('app_id', 'not in', claim.skip!.appIds!))
      .$if(Boolean(claim.skip?.endpointIds?.length), (q) =>
        // Only the outbox has endpoints; typed as the queue above.
        q.where('endpoint_id' as 'app_id', 'not in', claim.skip!.endpointIds!),
      )
      .orderBy('next_attempt_at')
      .limit(claim.limit);
  const lease = {
    claimed_by: claim.workerId,
    claimed_until: iso(claim.now + claim.leaseMs),
    attempts: sql<number>`attempts + 1`,
  };
  if (kind === 'postgres') {
    // The due rows are picked once, in a materialized CTE, skipping rows another instance is claiming: as
    // `id IN (… LIMIT … SKIP LOCKED)`, PostgreSQL may run the subquery again for each row and claim the
    // whole backlog.
    const rows = await db
      .with(
        (cte) => cte('due').materialized(),
        (qc) => due(qc).forUpdate().skipLocked(),
      )
      .updateTable(name)
      .set(lease)
      .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
      .returningAll()
      .execute();
    return rows as Selectable<Database[T]>[];
  }
  // SQLite: one connection runs one statement at a time; the outer WHERE re-checks each row.
  const rows = await db
    .updateTable(name)
    .set(lease)
    .where('id', 'in', due(db))
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
    .returningAll()
    .execute();
  return rows as Selectable<Database[T]>[];
}
