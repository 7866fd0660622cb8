import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'DEAD'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable jobs queue (modules/jobs): push deliveries, reminders, alerts. Claimed with
 * `FOR UPDATE SKIP LOCKED` so that several instances on one PostgreSQL run each job once.
 * Not company-owned (a job's payload names its company when it has one). DEAD rows stay for
 * inspection with their last error.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one job per key, ever (kept after DONE): enqueueing it again does nothing. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_status_run_at_idx').on(table.status, table.runAt),
    // NULLs are distinct: jobs without a key never conflict.
    uniqueIndex('jobs_dedupe_key_unique').on(table.dedupeKey),
  ],
);
