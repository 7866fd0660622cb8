import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, localDateOf } from '@smena/time';
import type { Db } from '../../db/client.ts';
import { createPlanningService } from '../planning/index.ts';
import { autoClosePlan, shiftOfCheck } from './auto-close-rule.ts';
import { checkSnapshot, createChecksRepository } from './checks.repository.ts';

/** An arbitrary constant: one instance at a time runs the job. */
const AUTO_CLOSE_LOCK_ID = 7_212_102;
const BATCH = 500;
export const AUTO_CLOSE_REASON = 'Не отмечен уход: закрыта автоматически по окончании смены';

/**
 * Closes forgotten open checks (auto-close-rule.ts): at the planned shift's end once the margin
 * has passed, or 16 hours after the check-in without a shift; flags them and writes AUTO_CLOSE
 * to the history. Runs in one transaction under an advisory lock that another instance running
 * the job at the same moment does not wait for. (Idempotency-Keys are columns of the checks they
 * created and stay with them: decision 015.)
 * Answers how many checks it closed.
 */
export async function closeForgottenChecks(db: Db, nowMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${AUTO_CLOSE_LOCK_ID}) as "locked"`,
    );
    if ((locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked !== true) return 0;

    const repository = createChecksRepository(tx);
    const open = await repository.findOpenChecksPastMargin(new Date(nowMs), BATCH);
    if (open.length === 0) return 0;
    const companyIds = [...new Set(open.map((check) => check.companyId))];
    const settings = new Map(
      (await repository.findCompanyAutoCloseSettings(companyIds)).map((row) => [row.id, row]),
    );
    const planning = createPlanningService({ db: tx });
    let closed = 0;
    for (const companyId of companyIds) {
      const own = open.filter((check) => check.companyId === companyId);
      const timezone = settings.get(companyId)?.timezone ?? 'Europe/Moscow';
      const marginMs = (settings.get(companyId)?.marginMinutes ?? 60) * 60_000;
      const dates = own.map((check) => localDateOf(check.checkIn.getTime(), timezone)).sort();
      const { plans } = await planning.planEmployees(
        companyId,
        [...new Set(own.map((check) => check.employeeId))],
        addDays(dates[0]!, -1),
        addDays(dates[dates.length - 1]!, 1),
      );
      for (const check of own) {
        const shifts = (plans.get(check.employeeId)?.days ?? []).flatMap((day) =>
          day.shifts.map((shift) => ({
            startMs: Date.parse(shift.start),
            endMs: Date.parse(shift.end),
          })),
        );
        const inMs = check.checkIn.getTime();
        const plan = autoClosePlan(inMs, shiftOfCheck(inMs, shifts), marginMs);
        if (plan.dueMs > nowMs) continue;
        const checkOut = new Date(plan.checkOutMs);
        const done = await repository.closeOpenCheck(companyId, check.id, checkOut, {
          autoClosed: true,
          updatedBy: null,
        });
        if (!done) continue;
        closed++;
        await repository.insertHistory(companyId, {
          checkId: check.id,
          action: 'AUTO_CLOSE',
          changedBy: null,
          impersonatorId: null,
          reason: AUTO_CLOSE_REASON,
          before: checkSnapshot({ ...check, checkOut: null, autoClosed: false }),
          after: checkSnapshot({ ...check, checkOut, autoClosed: true }),
        });
      }
    }
    return closed;
  });
}

/** Runs the job every minute until stopped; errors are logged and the next run tries again. */
export function startAutoCloseJob(options: {
  db: Db;
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => number;
}): () => void {
  const now = options.now ?? Date.now;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    closeForgottenChecks(options.db, now())
      .then((closed) => {
        if (closed > 0) options.log.info({ closed }, 'forgotten checks closed');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'auto-close of checks failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
