/**
 * GET /dashboard for 1,000 employees with mixed schedules, day-offs and the checks of the last
 * fifteen days (late arrivals, missed days, night shifts, people on site now). PostgreSQL when
 * BENCH_DATABASE_URL is set, an in-memory PGlite otherwise. Prints the p50 over 10 runs. Not a
 * test: the target (< 300 ms) is reported, not asserted.
 *
 *   node --import tsx bench/dashboard.ts
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { DashboardSchema, ScheduleDefinitionSchema } from '@smena/contract';
import { addDays, cyclePreset, fixedWeek, localDateOf, nightWeek } from '@smena/time';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import {
  branches,
  checks,
  companies,
  dayOffs,
  employeeBranches,
  employees,
  scheduleAssignments,
  schedules,
  users,
} from '../src/db/schema/index.ts';
import { createPlanningService } from '../src/modules/planning/planning.service.ts';
import { openBenchDatabase } from './bench-database.ts';

const EMPLOYEES = 1000;
const RUNS = 10;
const TARGET_MS = 300;
const MINUTE = 60_000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A repeatable pseudo-random number in [0, 1) of an integer seed. */
const noise = (seed: number) => {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  return x - Math.floor(x);
};

const { database, label, drop } = await openBenchDatabase();
try {
  await prepareDatabase(database, { email: 'bench-super@example.ru', password: 'bench-password' });
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp({ env, database, webRoot: null, sms: { send: async () => {} } });
  await app.ready();
  const { db } = database;

  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      title: 'ООО Бенчмарк',
      email: 'bench-admin@example.ru',
      phone: '+79990000000',
      country: 'RU',
      password: 'bench-password-1',
    },
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const { accessToken } = registered.json() as { accessToken: string };
  const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
  const companyId = company!.id;
  await db.update(companies).set({ userLimit: 100_000 }).where(eq(companies.id, companyId));

  const branchRows = await db
    .insert(branches)
    .values(
      [
        ['Москва', 'Europe/Moscow'],
        ['Екатеринбург', 'Asia/Yekaterinburg'],
        ['Калининград', 'Europe/Kaliningrad'],
      ].map(([title, timezone]) => ({
        companyId,
        title: title!,
        timezone: timezone!,
        latitude: 55,
        longitude: 37,
      })),
    )
    .returning({ id: branches.id });

  const definitions = [
    fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }),
    nightWeek({ start: '20:00', end: '08:00', breakMinutes: 60, workingDays: [0, 1, 2, 3] }),
    cyclePreset('2/2', { anchorDate: '2026-01-01' }),
    cyclePreset('1/3', { anchorDate: '2026-01-02' }),
    ScheduleDefinitionSchema.parse({
      type: 'FLEX',
      days: Array.from({ length: 7 }, (_, i) => ({
        working: i < 5,
        requiredMinutes: 480,
        coreStart: '11:00',
        coreEnd: '16:00',
        earliestStart: '07:00',
        latestEnd: '21:00',
        breakMinutes: 60,
      })),
    }),
  ];
  const scheduleRows = await db
    .insert(schedules)
    .values(
      definitions.map((definition, i) => ({
        companyId,
        title: ['Пятидневка', 'Ночные', '2/2', 'Сутки через трое', 'Гибкий'][i]!,
        type: definition.type,
        definition,
        color: '#1677ff',
      })),
    )
    .returning({ id: schedules.id });

  const stamp = Date.now().toString(36);
  const userRows: { id: number }[] = [];
  await insertChunked(
    Array.from({ length: EMPLOYEES }, (_, i) => ({
      email: `bench-${stamp}-${i}@example.ru`,
      phone: `+7900${String(i).padStart(7, '0')}`,
      passwordHash: 'x',
      firstName: 'Сотрудник',
      lastName: `Фамилия${String(i).padStart(4, '0')}`,
    })),
    async (chunk) =>
      userRows.push(...(await db.insert(users).values(chunk).returning({ id: users.id }))),
  );
  const employeeRows: { id: number }[] = [];
  await insertChunked(
    userRows.map((user) => ({ companyId, userId: user.id, role: 'EMPLOYEE' as const })),
    async (chunk) =>
      employeeRows.push(
        ...(await db.insert(employees).values(chunk).returning({ id: employees.id })),
      ),
  );
  const ids = employeeRows.map((row) => row.id);
  const branchOf = (i: number) => branchRows[i % branchRows.length]!.id;
  await insertChunked(
    ids.map((employeeId, i) => ({ companyId, employeeId, branchId: branchOf(i) })),
    (chunk) => db.insert(employeeBranches).values(chunk),
  );
  await insertChunked(
    ids.map((employeeId, i) => ({
      companyId,
      employeeId,
      scheduleId: scheduleRows[i % scheduleRows.length]!.id,
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
