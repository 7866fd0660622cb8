/**
 * `npm run bench` (second part): GET /calendar for 1,000 employees × 31 days with mixed schedules,
 * day-offs and roster shifts. PostgreSQL when BENCH_DATABASE_URL is set (a temporary database is
 * created and dropped), an in-memory PGlite otherwise. Prints the p50 over 10 runs and the peak RSS
 * of this process, and the answer's bytes, also for the demo company of 1,000 employees. Not a
 * test: the targets (< 300 ms, ≤ 1 MB of JSON) are reported, not asserted.
 */
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { CalendarResponseSchema, decodeCalendar } from '@smena/contract';
import { addDays } from '@smena/time';
import { seedDemoCompany } from '../src/db/demo/seed-demo.ts';
import { dayOffs, rosterShifts, scheduleAssignments } from '../src/db/schema/index.ts';
import { openBenchDatabase } from './bench-database.ts';
import { insertChunked, seedBenchCompany, startBenchApp } from './bench-seed.ts';

const EMPLOYEES = 1000;
const FROM = '2026-03-01';
const TO = '2026-03-31';
const RUNS = 10;
/** The demo's month ends at `now`: March 2026 in full. */
const DEMO_NOW = new Date('2026-04-01T12:00:00+03:00');
const TARGET_MS = 300;
/** The answer's size, uncompressed (issue «Fast on a phone»): it was 5.2 MB of full plans. */
const TARGET_BYTES = 1_000_000;

const { database, label, drop } = await openBenchDatabase();
try {
  const app = await startBenchApp(database);
  const { db } = database;

  // Three branches in different zones, five departments, mixed schedules (FIXED 5/2, NIGHT,
  // DYNAMIC 2/2 and 1/3, FLEX), 1,000 employees.
  const {
    accessToken,
    companyId,
    scheduleIds,
    employeeIds: ids,
  } = await seedBenchCompany(app, db, {
    employees: EMPLOYEES,
    departments: ['Склад', 'Магазин', 'Офис', 'Охрана', 'Доставка'],
  });

  // Schedule history: everyone from 2025; every tenth employee changed schedule on 15 March.
  await insertChunked(
    ids.flatMap((employeeId, i) => {
      const rows = [
        {
          companyId,
          employeeId,
          scheduleId: scheduleIds[i % scheduleIds.length]!,
          effectiveFrom: '2025-01-01',
        },
      ];
      if (i % 10 === 0)
        rows.push({
          companyId,
          employeeId,
          scheduleId: scheduleIds[(i + 1) % scheduleIds.length]!,
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
  const response = CalendarResponseSchema.parse(JSON.parse(first.body));
  const body = decodeCalendar(response);
  const bytes = Buffer.byteLength(first.body);
  const gzipped = gzipSync(first.body).length;
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
      `${response.plans.length} distinct plans`,
  );
  console.info(
    `  answer ${bytes.toLocaleString('en')} bytes of JSON (${(bytes / 1e6).toFixed(2)} MB; ` +
      `gzip ${(gzipped / 1e3).toFixed(0)} kB)  target ≤ ${TARGET_BYTES / 1e6} MB: ` +
      `${bytes <= TARGET_BYTES ? 'met' : 'NOT met'}`,
  );
  console.info(
    `  n=${RUNS}  p50=${p50.toFixed(1)} ms  min=${sorted[0]!.toFixed(1)} ms  ` +
      `max=${sorted[sorted.length - 1]!.toFixed(1)} ms  target < ${TARGET_MS} ms: ` +
      `${p50 < TARGET_MS ? 'met' : 'NOT met'}`,
  );
  console.info(`  CPU time of this process per request p50=${cpuP50.toFixed(1)} ms`);
  console.info(`  peak RSS ${maxRssMb.toFixed(0)} MB`);

  // The demo company of 1,000 employees (as `npm run seed:demo` makes it): its month's answer.
  const demo = await seedDemoCompany(db, { employees: EMPLOYEES, months: 1, now: DEMO_NOW });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: demo.adminEmail, password: demo.adminPassword },
  });
  const demoToken = (login.json() as { accessToken?: string }).accessToken;
  if (!demoToken) throw new Error(`demo login: ${login.statusCode} ${login.body}`);
  const demoAnswer = await app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${demoToken}` },
  });
  if (demoAnswer.statusCode !== 200)
    throw new Error(`demo calendar: ${demoAnswer.statusCode} ${demoAnswer.body}`);
  const demoBody = CalendarResponseSchema.parse(JSON.parse(demoAnswer.body));
  const demoBytes = demoAnswer.rawPayload.length;
  console.info(
    `  demo company: ${demoBody.employees.length} employees × 31 days, ${demoBody.plans.length} distinct plans, ` +
      `${demoBytes.toLocaleString('en')} bytes of JSON (${(demoBytes / 1e6).toFixed(2)} MB)  ` +
      `target ≤ ${TARGET_BYTES / 1e6} MB: ${demoBytes <= TARGET_BYTES ? 'met' : 'NOT met'}`,
  );

  await app.close();
} finally {
  await drop();
}
