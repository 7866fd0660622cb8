/**
 * `npm run bench` (fourth part): the T-13 timesheet of a month for a demo company of 1,000
 * employees (schedules of all four types, day-offs, checks computed from the plans) — JSON
 * through the API and xlsx, and the payroll export (xlsx and CSV) — and the xlsx and payroll
 * files for 10,000 employees, each export in a process of its own so that its peak RSS is
 * measured alone. PostgreSQL when BENCH_DATABASE_URL is set; on
 * PGlite only the in-process 1,000-employee figures. Targets (reported, not asserted): JSON
 * ≤ 500 ms, xlsx (1,000) ≤ 3 s, peak RSS of the 10,000-employee xlsx ≤ 400 MB.
 */
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { seedDemoCompany } from '../src/db/demo/seed-demo.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { checks } from '../src/db/schema/index.ts';
import { openBenchDatabase } from './bench-database.ts';

const MONTH = '2026-03';
/** The demo's period ends at `now` and starts the same day a month before: March in full. */
const NOW = new Date('2026-04-01T12:00:00+03:00');
const RUNS = 5;
const TARGET_JSON_MS = 500;
const TARGET_XLSX_MS = 3000;
const TARGET_RSS_MB = 400;

const run = promisify(execFile);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { database, label, drop, url } = await openBenchDatabase();
try {
  await prepareDatabase(database, { email: 'bench-super@example.ru', password: 'bench-password' });
  const { db } = database;
  console.info(`T-13 timesheet ${MONTH} — ${label}`);

  let started = performance.now();
  // Every long day shift split by a lunch check-out: about as many checks as a busy month has.
  const small = await seedDemoCompany(db, { employees: 1000, months: 1, now: NOW, lunchShare: 1 });
  const [monthChecks] = await db
    .select({ value: count() })
    .from(checks)
    .where(
      and(
        eq(checks.companyId, small.companyId),
        gte(checks.checkIn, new Date('2026-03-01T00:00:00+03:00')),
        lt(checks.checkIn, new Date('2026-04-01T00:00:00+03:00')),
      ),
    );
  console.info(
    `  seeded 1,000 employees, ${monthChecks?.value ?? 0} checks in ${MONTH} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp({ env, database, webRoot: null, sms: { send: async () => {} } });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: small.adminEmail, password: small.adminPassword },
  });
  const token = (login.json() as { accessToken?: string }).accessToken;
  if (!token) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const timeRequest = async (url: string) => {
    const samples: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      samples.push(performance.now() - start);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      size = response.rawPayload.length;
    }
    return { ms: median(samples), size };
  };
  const json = await timeRequest(`/api/v1/reports/report-card?month=${MONTH}`);
  console.info(
    `  JSON  1,000 employees   p50 ${json.ms.toFixed(0).padStart(5)} ms   ${(json.size / 1e6).toFixed(1)} MB   (target ≤ ${TARGET_JSON_MS} ms)`,
  );
  const xlsx = await timeRequest(`/api/v1/reports/report-card.xlsx?month=${MONTH}`);
  console.info(
    `  xlsx  1,000 employees   p50 ${xlsx.ms.toFixed(0).padStart(5)} ms   ${(xlsx.size / 1e6).toFixed(1)} MB   (target ≤ ${TARGET_XLSX_MS} ms)`,
  );
  for (const format of ['xlsx', 'csv'] as const) {
    const payroll = await timeRequest(`/api/v1/reports/payroll?month=${MONTH}&format=${format}`);
    console.info(
      `  payroll ${format.padEnd(4)} 1,000 employees   p50 ${payroll.ms.toFixed(0).padStart(5)} ms   ${(payroll.size / 1e6).toFixed(1)} MB`,
    );
  }
  await app.close();

  if (!url) {
    console.info(
      '  xlsx 10,000 employees: needs BENCH_DATABASE_URL (the export runs in a process of its own)',
    );
  } else {
    const exportOf = async (companyId: number, kind = 'timesheet') => {
      const script = fileURLToPath(new URL('./report-card-export.ts', import.meta.url));
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', script, url, String(companyId), MONTH, kind],
        {
          maxBuffer: 1 << 20,
        },
      );
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
        ms: number;
        bytes: number;
        peakRssMb: number;
      };
    };
    const alone = await exportOf(small.companyId);
    console.info(
      `  xlsx  1,000 employees   ${alone.ms.toFixed(0).padStart(5)} ms   ${(alone.bytes / 1e6).toFixed(1)} MB   peak RSS ${alone.peakRssMb.toFixed(0)} MB (own process)`,
    );
    started = performance.now();
    const big = await seedDemoCompany(db, { employees: 10_000, months: 1, now: NOW });
    console.info(
      `  seeded 10,000 employees, ${big.checks} checks (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const large = await exportOf(big.companyId);
    console.info(
      `  xlsx 10,000 employees   ${large.ms.toFixed(0).padStart(5)} ms   ${(large.bytes / 1e6).toFixed(1)} MB   peak RSS ${large.peakRssMb.toFixed(0)} MB (target ≤ ${TARGET_RSS_MB} MB)`,
    );
    // The payroll files stream the same pages: their peak should stay at the T-13's or below.
    for (const kind of ['payroll-xlsx', 'payroll-csv']) {
      const payroll = await exportOf(big.companyId, kind);
      console.info(
        `  ${kind} 10,000 employees   ${payroll.ms.toFixed(0).padStart(5)} ms   ${(payroll.bytes / 1e6).toFixed(1)} MB   peak RSS ${payroll.peakRssMb.toFixed(0)} MB (target ≤ ${TARGET_RSS_MB} MB)`,
      );
    }
  }
} finally {
  await drop();
}
