/**
 * `npm run bench` (second part): GET /calendar for 1,000 employees × 31 days with mixed schedules,
 * day-offs and roster shifts. PostgreSQL when BENCH_DATABASE_URL is set (a temporary database is
 * created and dropped), an in-memory PGlite otherwise. Prints the p50 over 10 runs and the peak RSS
 * of this process. Not a test: the target (< 300 ms) is reported, not asserted.
 */
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { CalendarResponseSchema, ScheduleDefinitionSchema } from '@smena/contract';
import { addDays, cyclePreset, fixedWeek, nightWeek } from '@smena/time';
import { buildApp } from '../src/app.ts';
import { openBenchDatabase } from './bench-database.ts';
import { parseEnv } from '../src/config/env.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import {
  branches,
  companies,
  dayOffs,
  departments,
  employeeBranches,
  employees,
  rosterShifts,
  scheduleAssignments,
  schedules,
  users,
} from '../src/db/schema/index.ts';

const EMPLOYEES = 1000;
const FROM = '2026-03-01';
const TO = '2026-03-31';
const RUNS = 10;
const TARGET_MS = 300;

/** Inserts in chunks: one statement per chunk keeps the parameter count well under 65,535. */
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const { database, label, drop } = await openBenchDatabase();
try {
  await prepareDatabase(database, { email: 'bench-super@example.ru', password: 'bench-password' });
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp({ env, database, webRoot: null, sms: { send: async () => {} } });
  await app.ready();
  const { db } = database;

  // A company registered as a customer would, so that its admin's token is real.
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

  // Structure: three branches in different zones, five departments.
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
  const departmentRows = await db
    .insert(departments)
    .values(
      ['Склад', 'Магазин', 'Офис', 'Охрана', 'Доставка'].map((title) => ({ companyId, title })),
    )
    .returning({ id: departments.id });

  // Mixed schedules: FIXED 5/2, NIGHT, DYNAMIC 2/2 and 1/3, FLEX.
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

  // 1,000 employees.
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
    userRows.map((user, i) => ({
      companyId,
      userId: user.id,
      role: 'EMPLOYEE' as const,
      departmentId: departmentRows[i % departmentRows.length]!.id,
    })),
    async (chunk) =>
      employeeRows.push(
        ...(await db.insert(employees).values(chunk).returning({ id: employees.id })),
      ),
  );
  const ids = employeeRows.map((row) => row.id);
  await insertChunked(
    ids.map((employeeId, i) => ({
      companyId,
      employeeId,
      branchId: branchRows[i % branchRows.length]!.id,
    })),
    (chunk) => db.insert(employeeBranches).values(chunk),
  );

  // Schedule history: everyone from 2025; every tenth employee changed schedule on 15 March.
  await insertChunked(
    ids.flatMap((employeeId, i) => {
      const rows = [
        {
          companyId,
          employeeId,
          scheduleId: scheduleRows[i % scheduleRows.length]!.id,
          effectiveFrom: '2025-01-01',
        },
      ];
      if (i % 10 === 0)
        rows.push({
          companyId,
          employeeId,
          scheduleId: scheduleRows[(i + 1) % scheduleRows.length]!.id,
          effectiveFrom: '2026-03-15',
        });
      return rows;
    }),
    (chunk) => db.insert(scheduleAssignments).values(chunk),
  );

  // Day-offs: a company-wide holiday, vacations for every fifth, sick leaves for every 17th.
  const dayOffRows: (typeof dayOffs.$inferInsert)[] = [
    {
      companyId,
      employeeId: null,
      type: 'HOLIDAY',
      dateFrom: '2026-03-20',
      dateTo: '2026-03-20',
      status: 'APPROVED',
    },
  ];
  ids.forEach((employeeId, i) => {
    if (i % 5 === 0) {
      const from = addDays(FROM, i % 20);
      dayOffRows.push({
        companyId,
        employeeId,
        type: 'VACATION',
        dateFrom: from,
        dateTo: addDays(from, 6),
        status: 'APPROVED',
      });
    } else if (i % 17 === 0) {
      dayOffRows.push({
        companyId,
        employeeId,
        type: 'SICKLEAVE',
        dateFrom: '2026-03-10',
        dateTo: '2026-03-12',
        status: 'APPROVED',
      });
    } else if (i % 23 === 0) {
      dayOffRows.push({
        companyId,
        employeeId,
        type: 'DISMISSED',
        dateFrom: '2026-03-25',
        dateTo: '2026-03-25',
        status: 'REQUESTED',
      });
    }
  });
  await insertChunked(dayOffRows, (chunk) => db.insert(dayOffs).values(chunk));

  // Roster: three placed shifts for every third employee.
  await insertChunked(
    ids.flatMap((employeeId, i) =>
      i % 3 === 0
        ? [3, 11, 27].map((day) => ({
            companyId,
            employeeId,
            date: addDays(FROM, day - 1),
            shifts: [{ start: '10:00', end: '22:00', breakMinutes: 60 }],
          }))
        : [],
    ),
    (chunk) => db.insert(rosterShifts).values(chunk),
  );

  // Over a real socket, as a browser would ask: the body is read to its last byte and dropped.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const path = `/api/v1/calendar?from=${FROM}&to=${TO}&limit=${EMPLOYEES}`;
  const request = (keep = false) =>
    new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = get(
        { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${accessToken}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (keep) chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });

  // Warm-up (JIT, query plans, the zone cache), then the measured runs.
  const first = await request(true);
  if (first.statusCode !== 200) throw new Error(`calendar: ${first.statusCode} ${first.body}`);
  const body = CalendarResponseSchema.parse(JSON.parse(first.body));
  const cells = body.employees.reduce((sum, employee) => sum + employee.days.length, 0);
  const work = body.employees.reduce(
    (sum, employee) => sum + employee.days.filter((day) => day.kind === 'WORK').length,
    0,
  );
  await request();

  // Wall time, and this process's CPU time (server and database together with PGlite; the server
  // only with PostgreSQL): on a busy machine the CPU figure is the steadier of the two.
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const response = await request();
    samples.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuSamples.push((used.user + used.system) / 1000);
    if (response.statusCode !== 200) throw new Error(`calendar: ${response.statusCode}`);
  }
  const cpuP50 = [...cpuSamples].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)]!;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;

  console.info(`\nGET /calendar — ${label}`);
  console.info(
    `  ${body.employees.length} employees (of ${body.total}) × 31 days = ${cells} cells (${work} working), ` +
      `${(first.body.length / 1024 / 1024).toFixed(1)} MB of JSON`,
  );
  console.info(
    `  n=${RUNS}  p50=${p50.toFixed(1)} ms  min=${sorted[0]!.toFixed(1)} ms  ` +
      `max=${sorted[sorted.length - 1]!.toFixed(1)} ms  target < ${TARGET_MS} ms: ` +
      `${p50 < TARGET_MS ? 'met' : 'NOT met'}`,
  );
  console.info(`  CPU time of this process per request p50=${cpuP50.toFixed(1)} ms`);
  console.info(`  peak RSS ${maxRssMb.toFixed(0)} MB`);

  await app.close();
} finally {
  await drop();
}
