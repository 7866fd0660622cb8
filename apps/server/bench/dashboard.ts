/**
 * GET /dashboard for 1,000 employees with mixed schedules, day-offs and the checks of the last
 * fifteen days (late arrivals, missed days, night shifts, people on site now). PostgreSQL when
 * BENCH_DATABASE_URL is set, an in-memory PGlite otherwise. Prints the p50 over 10 runs. Not a
 * test: the target (< 300 ms) is reported, not asserted.
 *
 *   node --import tsx bench/dashboard.ts
 */
import { performance } from 'node:perf_hooks';
import { DashboardSchema } from '@smena/contract';
import { addDays, localDateOf } from '@smena/time';
import { checks, dayOffs, scheduleAssignments } from '../src/db/schema/index.ts';
import { createPlanningService } from '../src/modules/planning/planning.service.ts';
import { openBenchDatabase } from './bench-database.ts';
import { insertChunked, seedBenchCompany, startBenchApp } from './bench-seed.ts';

const EMPLOYEES = 1000;
const RUNS = 10;
const TARGET_MS = 300;
const MINUTE = 60_000;

/** A repeatable pseudo-random number in [0, 1) of an integer seed. */
const noise = (seed: number) => {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  return x - Math.floor(x);
};

const { database, label, drop } = await openBenchDatabase();
try {
  const app = await startBenchApp(database);
  const { db } = database;
  const {
    accessToken,
    companyId,
    branchIds,
    scheduleIds,
    employeeIds: ids,
  } = await seedBenchCompany(app, db, { employees: EMPLOYEES });
  const branchOf = (i: number) => branchIds[i % branchIds.length]!;
  await insertChunked(
    ids.map((employeeId, i) => ({
      companyId,
      employeeId,
      scheduleId: scheduleIds[i % scheduleIds.length]!,
      effectiveFrom: '2025-01-01',
    })),
    (chunk) => db.insert(scheduleAssignments).values(chunk),
  );

  const nowMs = Date.now();
  const today = localDateOf(nowMs, 'Europe/Moscow');
  const from = addDays(today, -14);
  await insertChunked(
    ids.flatMap((employeeId, i) =>
      i % 12 === 0
        ? [
            {
              companyId,
              employeeId,
              type: i % 24 === 0 ? ('VACATION' as const) : ('SICKLEAVE' as const),
              dateFrom: addDays(today, -3),
              dateTo: addDays(today, 4),
              status: 'APPROVED' as const,
            },
          ]
        : [],
    ),
    (chunk) => db.insert(dayOffs).values(chunk),
  );

  // Checks along the plans: most on time, every seventh day late, every eleventh missed; today's
  // shifts under way are still open.
  const { plans } = await createPlanningService({ db }).planEmployees(companyId, ids, from, today);
  const checkRows: (typeof checks.$inferInsert)[] = [];
  ids.forEach((employeeId, i) => {
    plans.get(employeeId)?.days.forEach((day, d) => {
      const shift = day.shifts[0];
      if (day.kind !== 'WORK' || !shift) return;
      const seed = i * 31 + d;
      if (seed % 11 === 0) return;
      const startMs = Date.parse(day.flex?.core?.start ?? shift.start);
      const inMs = startMs + (seed % 7 === 0 ? 10 + noise(seed) * 40 : -noise(seed) * 15) * MINUTE;
      if (inMs > nowMs) return;
      const endMs = Date.parse(day.flex?.window.end ?? shift.end) - noise(seed + 1) * 20 * MINUTE;
      checkRows.push({
        companyId,
        employeeId,
        branchId: branchOf(i),
        checkIn: new Date(inMs),
        checkOut: endMs > nowMs ? null : new Date(Math.max(endMs, inMs + MINUTE)),
        source: 'MANUAL',
      });
    });
  });
  await insertChunked(checkRows, (chunk) => db.insert(checks).values(chunk));

  const request = () =>
    app.inject({
      method: 'GET',
      url: '/api/v1/dashboard',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const first = await request();
  if (first.statusCode !== 200) throw new Error(`dashboard: ${first.statusCode} ${first.body}`);
  const body = DashboardSchema.parse(first.json());
  await request();

  // Wall time, and this process's CPU time (server and PGlite together): on a busy machine the
  // CPU figure is the steadier of the two.
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const response = await request();
    samples.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuSamples.push((used.user + used.system) / 1000);
    if (response.statusCode !== 200) throw new Error(`dashboard: ${response.statusCode}`);
  }
  const cpuP50 = [...cpuSamples].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)]!;

  console.info(`\nGET /dashboard — ${label}`);
  console.info(
    `  ${EMPLOYEES} employees, ${checkRows.length} checks over 15 days; today: ` +
      `${JSON.stringify(body.today)}`,
  );
  console.info(
    `  n=${RUNS}  p50=${p50.toFixed(1)} ms  min=${sorted[0]!.toFixed(1)} ms  ` +
      `max=${sorted[sorted.length - 1]!.toFixed(1)} ms  target < ${TARGET_MS} ms: ` +
      `${p50 < TARGET_MS ? 'met' : 'NOT met'}`,
  );
  console.info(`  CPU time of this process per request p50=${cpuP50.toFixed(1)} ms`);
  await app.close();
} finally {
  await drop();
}
