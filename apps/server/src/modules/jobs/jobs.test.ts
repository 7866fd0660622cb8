import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { jobs } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  PermanentJobError,
  cancelJobs,
  countJobs,
  createJobRunner,
  enqueueJob,
  enqueueJobs,
  findJobs,
  retryDelayMs,
  type JobHandler,
} from './jobs.ts';

let t: TestApp;
const log = pino({ level: 'silent' });
const T0 = new Date('2026-11-20T09:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
// Each test sees only its own jobs: a runner claims every kind.
beforeEach(async () => {
  await t.database.db.delete(jobs).where(sql`true`);
});

async function getJob(id: number) {
  const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('enqueueJob / cancelJobs', () => {
  it('queues once per dedupe key and cancels pending jobs by key prefix', async () => {
    const db = t.database.db;
    const first = await enqueueJob(db, { kind: 'k.dedupe', payload: { a: 1 }, dedupeKey: 'd:1:a' });
    expect(first).toBeTypeOf('number');
    expect(await enqueueJob(db, { kind: 'k.dedupe', payload: {}, dedupeKey: 'd:1:a' })).toBeNull();
    const more = await enqueueJobs(db, [
      { kind: 'k.dedupe', payload: {}, dedupeKey: 'd:1:a' },
      { kind: 'k.dedupe', payload: {}, dedupeKey: 'd:1:b' },
      { kind: 'k.dedupe', payload: {}, dedupeKey: 'd:2:a' },
      { kind: 'k.dedupe', payload: {} },
      { kind: 'k.dedupe', payload: {} },
    ]);
    expect(more).toHaveLength(4);
    // LIKE wildcards in the prefix are literal.
    expect(await cancelJobs(db, { kind: 'k.dedupe', dedupeKeyPrefix: 'd:_:' })).toBe(0);
    expect(await cancelJobs(db, { kind: 'k.other', dedupeKeyPrefix: 'd:1:' })).toBe(0);
    expect(await cancelJobs(db, { kind: 'k.dedupe', dedupeKeyPrefix: 'd:1:' })).toBe(2);
    const left = await findJobs(db, { kind: 'k.dedupe' });
    expect(left.map((job) => job.dedupeKey)).toEqual(['d:2:a', null, null]);
  });
});

describe('job runner', () => {
  it('runs due jobs once, leaves future ones, and marks them DONE', async () => {
    const db = t.database.db;
    const seen: unknown[] = [];
    const handler: JobHandler = async (payload, ctx) => {
      seen.push({ payload, attempt: ctx.attempt, now: ctx.now.toISOString() });
    };
    const due = await enqueueJob(db, { kind: 'k.run', payload: { n: 1 }, runAt: at(-1000) });
    const later = await enqueueJob(db, { kind: 'k.run', payload: { n: 2 }, runAt: at(60_000) });
    const runner = createJobRunner({ db, log, handlers: { 'k.run': handler }, workerId: 'w1' });
    expect(await runner.runOnce(T0)).toBe(1);
    expect(await runner.runOnce(T0)).toBe(0);
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1, now: T0.toISOString() }]);
    expect(await getJob(due!)).toMatchObject({ status: 'DONE', attempts: 1, lockedBy: null });
    expect((await getJob(due!)).finishedAt).toBeInstanceOf(Date);
    expect(await getJob(later!)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await runner.runOnce(at(60_000))).toBe(1);
    expect(await getJob(later!)).toMatchObject({ status: 'DONE' });
  });

  it('retries a failing job with exponential backoff, then keeps it DEAD with the last error', async () => {
    const db = t.database.db;
    let calls = 0;
    const runner = createJobRunner({
      db,
      log,
      handlers: {
        'k.fail': async () => {
          calls += 1;
          throw new Error(`сбой ${calls}`);
        },
      },
    });
    const id = (await enqueueJob(db, { kind: 'k.fail', payload: {}, runAt: T0, maxAttempts: 4 }))!;
    let now = T0;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runner.runOnce(now)).toBe(1);
      const job = await getJob(id);
      expect(job).toMatchObject({
        status: 'PENDING',
        attempts: attempt,
        lastError: `Error: сбой ${attempt}`,
      });
      waits.push(job.runAt.getTime() - now.getTime());
      // Not due again before the wait is over.
      expect(await runner.runOnce(new Date(job.runAt.getTime() - 1))).toBe(0);
      now = job.runAt;
    }
    expect(waits).toEqual([30_000, 60_000, 120_000]);
    expect(await runner.runOnce(now)).toBe(1);
    expect(await getJob(id)).toMatchObject({
      status: 'DEAD',
      attempts: 4,
      lastError: 'Error: сбой 4',
    });
    expect(await runner.runOnce(at(24 * 3600_000))).toBe(0);
    expect(calls).toBe(4);
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it('kills a job at once on a PermanentJobError, and retries one of an unknown kind', async () => {
    const db = t.database.db;
    const runner = createJobRunner({
      db,
      log,
      handlers: {
        'k.permanent': async () => {
          throw new PermanentJobError('не поможет');
        },
      },
    });
    const permanent = (await enqueueJob(db, { kind: 'k.permanent', payload: {}, runAt: T0 }))!;
    const unknown = (await enqueueJob(db, { kind: 'k.unknown', payload: {}, runAt: T0 }))!;
    expect(await runner.runOnce(T0)).toBe(2);
    expect(await getJob(permanent)).toMatchObject({ status: 'DEAD', attempts: 1 });
    expect(await getJob(unknown)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await getJob(unknown)).lastError).toContain('k.unknown');
  });

  it('takes over a RUNNING job whose lock expired (its instance died)', async () => {
    const db = t.database.db;
    const id = (await enqueueJob(db, { kind: 'k.orphan', payload: {}, runAt: at(-5000) }))!;
    await db
      .update(jobs)
      .set({ status: 'RUNNING', attempts: 1, lockedBy: 'dead-worker', lockedUntil: at(60_000) })
      .where(eq(jobs.id, id));
    let ran = 0;
    const runner = createJobRunner({
      db,
      log,
      workerId: 'alive',
      handlers: { 'k.orphan': async () => void (ran += 1) },
    });
    expect(await runner.runOnce(T0)).toBe(0);
    expect(await runner.runOnce(at(60_001))).toBe(1);
    expect(ran).toBe(1);
    expect(await getJob(id)).toMatchObject({ status: 'DONE', attempts: 2 });
  });

  it('polls on its own once started and stops cleanly', async () => {
    const db = t.database.db;
    const done = new Promise<void>((resolve) => {
      const runner = createJobRunner({
        db,
        log,
        pollMs: 20,
        handlers: {
          'k.poll': async () => {
            resolve();
          },
        },
      });
      runner.start();
      void enqueueJob(db, { kind: 'k.poll', payload: {} }).then(() =>
        setTimeout(() => void runner.stop(), 2000),
      );
    });
    await done;
    const [row] = await db
      .execute(sql`select count(*)::int as n from jobs where kind = 'k.poll'`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(row!.n).toBe(1);
  });
});

describe('countJobs and onFailure (what the metrics read)', () => {
  it('counts the jobs by state and tells of each failed attempt', async () => {
    const db = t.database.db;
    // Ahead of the real clock: the previous test's runner polls on for a while, on real time.
    const base = new Date(Date.now() + 24 * 3600_000);
    const later = (ms: number) => new Date(base.getTime() + ms);
    const failures: { kind: string; dead: boolean }[] = [];
    const runner = createJobRunner({
      db,
      log,
      handlers: {
        'k.count': async () => {
          throw new Error('сбой');
        },
      },
      onFailure: (failure) => failures.push(failure),
    });
    await enqueueJob(db, { kind: 'k.count', payload: {}, runAt: base, maxAttempts: 2 });
    await enqueueJob(db, { kind: 'k.later', payload: {}, runAt: later(3600_000) });
    // Another instance's job, locked for a while yet.
    await db
      .insert(jobs)
      .values({ kind: 'k.busy', payload: {}, status: 'RUNNING', lockedUntil: later(7200_000) });
    expect(await countJobs(db, base)).toEqual({ due: 1, scheduled: 1, running: 1, dead: 0 });

    expect(await runner.runOnce(base)).toBe(1);
    expect(await countJobs(db, base)).toEqual({ due: 0, scheduled: 2, running: 1, dead: 0 });
    expect(await runner.runOnce(later(30_000))).toBe(1);
    expect(await countJobs(db, later(30_000))).toEqual({
      due: 0,
      scheduled: 1,
      running: 1,
      dead: 1,
    });
    expect(failures).toEqual([
      { kind: 'k.count', dead: false },
      { kind: 'k.count', dead: true },
    ]);
  });
});
