import { and, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { serializeError } from '../../lib/log-hygiene.ts';

/** What a handler gets besides its payload. */
export type JobContext = {
  jobId: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** The runner's clock for this pass (tests pass a fake one to runOnce). */
  now: Date;
  db: Db;
  log: FastifyBaseLogger;
};

/** Runs one job; throwing schedules a retry (or DEAD after the last attempt). */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** Thrown by a handler when trying again cannot help: the job goes DEAD at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type EnqueueJobInput = {
  kind: string;
  payload: unknown;
  /** Not before this instant; now when absent. */
  runAt?: Date;
  /** At most one job per key, ever: enqueueing the same key again does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
};

function jobRow(input: EnqueueJobInput) {
  return {
    kind: input.kind,
    payload: input.payload ?? {},
    ...(input.runAt ? { runAt: input.runAt } : {}),
    ...(input.dedupeKey !== undefined ? { dedupeKey: input.dedupeKey } : {}),
    ...(input.maxAttempts !== undefined ? { maxAttempts: input.maxAttempts } : {}),
  };
}

/** Queues a job; answers its id, or null when a job with the same dedupe key exists. */
export async function enqueueJob(db: DbOrTx, input: EnqueueJobInput): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values(jobRow(input))
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Queues many jobs in one statement; answers the ids of those inserted (duplicates skipped). */
export async function enqueueJobs(db: DbOrTx, inputs: EnqueueJobInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = await db
    .insert(jobs)
    .values(inputs.map(jobRow))
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/**
 * Deletes the PENDING jobs of a kind whose dedupe key starts with the prefix (a reminder whose
 * shift moved); answers how many. Running, done and dead jobs are left alone.
 */
export async function cancelJobs(
  db: DbOrTx,
  input: { kind: string; dedupeKeyPrefix: string },
): Promise<number> {
  const escaped = input.dedupeKeyPrefix.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, input.kind),
        eq(jobs.status, 'PENDING'),
        like(jobs.dedupeKey, `${escaped}%`),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

/** The wait before the next attempt after `attempts` failed ones: 30 s · 2^(n−1), at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

const DONE_KEPT_DAYS = 7;
const DEAD_KEPT_DAYS = 30;

/** Forgets DONE jobs after a week and DEAD ones after a month; answers how many. */
export async function purgeFinishedJobs(db: Db, now: Date): Promise<number> {
  const day = 24 * 60 * 60_000;
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(
          eq(jobs.status, 'DONE'),
          lt(jobs.finishedAt, new Date(now.getTime() - DONE_KEPT_DAYS * day)),
        ),
        and(
          eq(jobs.status, 'DEAD'),
          lt(jobs.finishedAt, new Date(now.getTime() - DEAD_KEPT_DAYS * day)),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

export type JobRunnerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  handlers: JobHandlers;
  /** Names this instance in `locked_by`; a random one when absent. */
  workerId?: string;
  /** Jobs claimed per pass (run at once). */
  batchSize?: number;
  /** Wait between passes when the queue had nothing due. */
  pollMs?: number;
  /** A RUNNING job whose lock is older than this is taken over (its instance died). */
  lockMs?: number;
  /** Told of every failed attempt: `dead` when no retry follows (the failure metric counts them). */
  onFailure?: (failure: { kind: string; dead: boolean }) => void;
};

export type JobRunner = {
  start: () => void;
  /** Stops polling and waits for the pass in flight. */
  stop: () => Promise<void>;
  /** One pass: claims due jobs, runs them, records the outcome; answers how many ran. */
  runOnce: (now?: Date) => Promise<number>;
};

type ClaimedJob = {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** What a failed job keeps in `last_error`: the same scrubbed message a log line would carry. */
function errorText(error: unknown): string {
  const { message } = serializeError(error);
  const name = error instanceof Error ? error.name : 'Error';
  return `${name}: ${message}`.slice(0, 2000);
}

/**
 * Polls the jobs table. Each pass claims up to `batchSize` due jobs in one statement with
 * `FOR UPDATE SKIP LOCKED`, so instances sharing one PostgreSQL never claim the same job; a job
 * whose runner died is taken over once its lock expires (at-least-once; handlers keep that in
 * mind — push delivery is keyed per notification and subscription).
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, handlers } = options;
  const workerId =
    options.workerId ?? `worker-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const batchSize = options.batchSize ?? 20;
  const pollMs = options.pollMs ?? 2000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let lastPurgeMs = 0;

  async function claim(now: Date): Promise<ClaimedJob[]> {
    const lockedUntil = new Date(now.getTime() + lockMs);
    const result = await db.execute(sql`
      update jobs
         set status = 'RUNNING', locked_by = ${workerId}, locked_until = ${lockedUntil.toISOString()},
             attempts = attempts + 1
       where id in (
         select id from jobs
          where (status = 'PENDING' and run_at <= ${now.toISOString()})
             or (status = 'RUNNING' and locked_until < ${now.toISOString()})
          order by run_at, id
          limit ${batchSize}
          for update skip locked)
      returning id, kind, payload, attempts, max_attempts`);
    return rowsOf<ClaimedJob>(result).map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Only the claimer still holding the job records its outcome. */
  function mine(id: number) {
    return and(eq(jobs.id, id), eq(jobs.status, 'RUNNING'), eq(jobs.lockedBy, workerId));
  }

  async function runJob(job: ClaimedJob, now: Date): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (job.attempts > job.max_attempts)
        throw new Error('Исчерпаны попытки (обработчик не завершился)');
      if (!handler) throw new Error(`Нет обработчика задач вида ${job.kind}`);
      await handler(job.payload, {
        jobId: job.id,
        kind: job.kind,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        now,
        db,
        log,
      });
      await db
        .update(jobs)
        .set({
          status: 'DONE',
          finishedAt: new Date(),
          lockedBy: null,
          lockedUntil: null,
          lastError: null,
        })
        .where(mine(job.id));
    } catch (error) {
      const dead = job.attempts >= job.max_attempts || error instanceof PermanentJobError;
      const lastError = errorText(error);
      log.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, dead, err: error },
        'job failed',
      );
      options.onFailure?.({ kind: job.kind, dead });
      await db
        .update(jobs)
        .set(
          dead
            ? {
                status: 'DEAD',
                finishedAt: new Date(),
                lockedBy: null,
                lockedUntil: null,
                lastError,
              }
            : {
                status: 'PENDING',
                runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
                lockedBy: null,
                lockedUntil: null,
                lastError,
              },
        )
        .where(mine(job.id));
    }
  }

  async function runOnce(now: Date = new Date()): Promise<number> {
    const claimed = await claim(now);
    await Promise.all(claimed.map((job) => runJob(job, now)));
    return claimed.length;
  }

  async function tick(): Promise<void> {
    let ran = 0;
    try {
      const now = new Date();
      ran = await runOnce(now);
      if (now.getTime() - lastPurgeMs > 60 * 60_000) {
        lastPurgeMs = now.getTime();
        await purgeFinishedJobs(db, now);
      }
    } catch (error) {
      log.error({ err: error }, 'job runner pass failed');
    }
    if (stopped) return;
    // A full batch means more may be due: go on at once.
    timer = setTimeout(schedule, ran >= batchSize ? 0 : pollMs);
  }

  function schedule(): void {
    running = tick();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(schedule, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runOnce,
  };
}

export type JobCounts = {
  /** PENDING and due: the backlog the runners have yet to take. */
  due: number;
  /** PENDING for later (reminders planned ahead, retries waiting for their delay). */
  scheduled: number;
  running: number;
  /** Failed for good, kept 30 days with their last error. */
  dead: number;
};

/** How many jobs are in each state (DONE ones are history and left out); one indexed count. */
export async function countJobs(db: Db, now: Date = new Date()): Promise<JobCounts> {
  const result = await db.execute(sql`
    select count(*) filter (where status = 'PENDING' and run_at <= ${now.toISOString()})::int as due,
           count(*) filter (where status = 'PENDING' and run_at > ${now.toISOString()})::int as scheduled,
           count(*) filter (where status = 'RUNNING')::int as running,
           count(*) filter (where status = 'DEAD')::int as dead
      from jobs
     where status in ('PENDING', 'RUNNING', 'DEAD')`);
  const [row] = rowsOf<JobCounts>(result);
  return {
    due: Number(row?.due ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    running: Number(row?.running ?? 0),
    dead: Number(row?.dead ?? 0),
  };
}

/** For tests and inspection: the jobs of a kind in a status. */
export async function findJobs(
  db: Db,
  filter: { kind?: string; status?: (typeof jobs.$inferSelect)['status'][] },
) {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        filter.kind ? eq(jobs.kind, filter.kind) : undefined,
        filter.status ? inArray(jobs.status, filter.status) : undefined,
      ),
    )
    .orderBy(jobs.id);
}
