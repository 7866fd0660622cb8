import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startPeriodicTask } from '../../lib/periodic-task.ts';

/** An arbitrary constant: one instance at a time runs the cleanup. */
const RETENTION_LOCK_ID = 7_212_103;
const DAY_MS = 86_400_000;

/**
 * Deletes product events received more than `retentionDays` before `nowMs`, under an advisory
 * lock that another instance running the job at the same moment does not wait for. Answers how
 * many rows it deleted.
 */
export async function deleteExpiredEvents(
  db: Db,
  retentionDays: number,
  nowMs: number,
): Promise<number> {
  const cutoff = new Date(nowMs - retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_ID}) as "locked"`,
    );
    if ((locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked !== true) return 0;
    const deleted = await tx.execute(sql`
      with deleted as (
        delete from analytics_events where received_at < ${cutoff.toISOString()}::timestamptz
        returning 1
      )
      select count(*) as "count" from deleted
    `);
    return Number((deleted as unknown as { rows: { count: unknown }[] }).rows[0]?.count ?? 0);
  });
}

/** Runs the cleanup a minute after start and then once a day until stopped. */
export function startAnalyticsRetentionJob(options: {
  db: Db;
  log: FastifyBaseLogger;
  retentionDays: number;
  now?: () => number;
}): () => void {
  const now = options.now ?? Date.now;
  return startPeriodicTask(
    async () => {
      const deleted = await deleteExpiredEvents(options.db, options.retentionDays, now());
      if (deleted > 0) options.log.info({ deleted }, 'expired analytics events deleted');
    },
    { firstAfterMs: 60_000, everyMs: DAY_MS },
    (error) => options.log.error({ err: error }, 'cleanup of analytics events failed'),
  );
}
