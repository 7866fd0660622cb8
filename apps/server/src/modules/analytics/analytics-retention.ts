import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';

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

/**
 * Runs the cleanup a minute after start (servers restart more often than daily) and then once a
 * day until stopped; errors are logged and the next run tries again.
 */
export function startAnalyticsRetentionJob(options: {
  db: Db;
  log: FastifyBaseLogger;
  retentionDays: number;
  now?: () => number;
}): () => void {
  const now = options.now ?? Date.now;
  const run = () => {
    deleteExpiredEvents(options.db, options.retentionDays, now())
      .then((deleted) => {
        if (deleted > 0) options.log.info({ deleted }, 'expired analytics events deleted');
      })
      .catch((error: unknown) =>
        options.log.error({ err: error }, 'cleanup of analytics events failed'),
      );
  };
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
