/**
 * `npm run bench` (third part), in one run:
 * - a bare Fastify route doing one INSERT through the same pool (50 connections);
 * - POST /api/v1/checks/create with an API key and an Idempotency-Key (50 connections);
 * - POST /api/v1/checks/batch with an API key, 500 items a request, each with its own key
 *   (4 connections): what a terminal or an offline queue sends after a burst.
 * After a warm-up slice of each route (not counted: JIT, the prepared statements on every pooled
 * connection), ROUNDS rounds of one SLICE_S slice per route; within a round the bare route and
 * the single create run back to back, in alternating order (bare first in even rounds, single
 * first in odd ones), so that the drifting load of a shared machine weighs on both alike.
 * Prints each route's median req/s over the rounds, the ratio of the medians (single create /
 * bare INSERT; with the range of the per-round ratios), batch rows/s against single rows/s, p99
 * latency, errors, the machine's load average during the run, and whether the rows in the table
 * equal the acknowledged ones (201 answers; `created` items of 200 answers; warm-up included).
 * PostgreSQL when BENCH_DATABASE_URL is set, else PGlite in memory (one connection: the figures
 * say less). Targets (reported, not asserted): single ≥ 50 % of the bare route's req/s, batch
 * ≥ 5× the single create's rows/s, no errors. About a minute in all.
 *
 * What bounds the ratio when everything shares two cores: each request costs the CPU time of
 * the load generator, Node and PostgreSQL together. The create statement (lock, insert checked
 * by the exclusion constraint and the key's unique index, five foreign keys of which three are
 * set for an API key) costs about 2.5× the bare INSERT inside PostgreSQL; Node's share per
 * request is what decision 015 trimmed. See decision 015 for measured figures.
 */
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { apiKeys, branches, checks, companies, employees, users } from '../src/db/schema/index.ts';
import { generateApiKey } from '../src/modules/api-keys/api-key-secret.ts';
import { openBenchDatabase } from './bench-database.ts';

const CONNECTIONS = 50;
/** Rounds of one slice per route; the figures are the medians over them. */
const ROUNDS = 6;
const SLICE_S = 2;
const WARM_UP_S = 1;
/** Between slices: requests still in flight when autocannon stopped finish before the next. */
const PAUSE_MS = 300;
const EMPLOYEES = 2000;
const BATCH_CONNECTIONS = 4;
const BATCH_SIZE = 500;
const TARGET_RATIO = 0.5;
const TARGET_BATCH_FACTOR = 5;
const HOUR_MS = 3_600_000;

type Result = autocannon.Result;
/** The counted slices of one route: req/s of each, errors, and the worst slice's p99. */
type Total = {
  rates: number[];
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p99: number;
};
const emptyTotal = (): Total => ({ rates: [], ok: 0, non2xx: 0, errors: 0, timeouts: 0, p99: 0 });
/** Answers per second as acknowledged: those that reached the client within the slice. */
const rateOf = (result: Result) => result['2xx'] / result.duration;
function add(total: Total, result: Result) {
  total.rates.push(rateOf(result));
  total.ok += result['2xx'];
  total.non2xx += result.non2xx;
  total.errors += result.errors;
  total.timeouts += result.timeouts;
  total.p99 = Math.max(total.p99, result.latency.p99);
}
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function run(
  url: string,
  setup: () => { body: string; headers: Record<string, string> },
  connections: number,
  seconds: number,
) {
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const { body, headers } = setup();
              return {
                ...request,
                body,
                headers: { ...request.headers, 'content-type': 'application/json', ...headers },
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false });
  });
}

const { database, label, drop } = await openBenchDatabase();
try {
  await prepareDatabase(database, { email: 'bench-super@example.ru', password: 'bench-password' });
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp({ env, database, webRoot: null, sms: { send: async () => {} } });
  const { db } = database;

  const [company] = await db
    .insert(companies)
    .values({
      title: 'ООО Бенчмарк отметок',
      email: 'bench-checks@example.ru',
      phone: '+79990000001',
      userLimit: 100_000,
      paidUntil: new Date(Date.now() + 365 * 24 * HOUR_MS),
      isTrial: false,
    })
    .returning({ id: companies.id });
  const companyId = company!.id;
  const [branch] = await db
    .insert(branches)
    .values({
      companyId,
      title: 'Проходная',
      timezone: 'Europe/Moscow',
      latitude: 55,
      longitude: 37,
    })
    .returning({ id: branches.id });
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: EMPLOYEES }, (_, i) => ({
        email: `bench-checks-${i}@example.ru`,
        phone: `+7988${String(i).padStart(7, '0')}`,
        passwordHash: 'not-used',
        lastName: `Сотрудник ${i}`,
      })),
    )
    .returning({ id: users.id });
  const employeeIds = (
    await db
      .insert(employees)
      .values(userRows.map((user) => ({ companyId, userId: user.id, role: 'EMPLOYEE' as const })))
      .returning({ id: employees.id })
  ).map((row) => row.id);
  const key = generateApiKey();
  await db.insert(apiKeys).values({
    companyId,
    name: 'Турникет',
    prefix: key.prefix,
    secretHash: key.hash,
  });
  // Statistics as a live database has them (autovacuum): without them the planner may look an
  // employee up through the wrong index.
  await db.execute(sql`analyze`);
  await db.execute(
    sql`create table bench_bare (id serial primary key, employee_id integer not null, check_in timestamptz not null, check_out timestamptz)`,
  );

  // The server's own count of 201 answers: autocannon stops at the end of its duration and
  // closes its sockets while up to 50 requests are still in flight — their checks are written
  // and answered, but to no one.
  let created = 0;
  let batchCreated = 0;
  // Callback hooks, not async ones: the counting should weigh as little as it can on the routes
  // it counts (the bare route has none).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 201 && request.url === '/api/v1/checks/create') created += 1;
    done(null, payload);
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode === 200 && request.url === '/api/v1/checks/batch') {
      batchCreated += (payload as { created: number }).created;
    }
    done(null, payload);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // The bare route: the same pool, one INSERT, no validation, no auth.
  const bare = Fastify({ logger: false });
  bare.post('/bare', async (request) => {
    const body = request.body as { employeeId: number; checkInDateTime: string };
    const rows = await db.execute(
      sql`insert into bench_bare (employee_id, check_in) values (${body.employeeId}, ${body.checkInDateTime}) returning id`,
    );
    return { id: (rows as unknown as { rows: { id: number }[] }).rows?.[0]?.id ?? null };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

  // Every request a different employee or hour: no two checks overlap, none is in the future.
  const start = Date.now() - 120 * 24 * HOUR_MS;
  let sent = 0;
  const nextCheck = () => {
    const i = sent++;
    const checkIn = start + Math.floor(i / EMPLOYEES) * HOUR_MS;
    return {
      branchId: branch!.id,
      employeeId: employeeIds[i % EMPLOYEES]!,
      checkInDateTime: new Date(checkIn).toISOString(),
      checkOutDateTime: new Date(checkIn + 30 * 60_000).toISOString(),
    };
  };

  // Rows by the prefix of their key: single creates and batch items are told apart at the end.
  const countRows = async (prefix: string) => {
    const [stored] = await db
      .select({ value: count() })
      .from(checks)
      .where(and(eq(checks.companyId, companyId), like(checks.idempotencyKey, `${prefix}%`)));
    return stored?.value ?? 0;
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const loads: number[] = [];
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');

  const slice = {
    bare: (seconds: number) =>
      run(
        bareUrl,
        () => ({ body: JSON.stringify(nextCheck()), headers: {} }),
        CONNECTIONS,
        seconds,
      ),
    single: (seconds: number) =>
      run(
        `${base}/api/v1/checks/create`,
        () => ({
          body: JSON.stringify(nextCheck()),
          headers: { 'x-api-key': key.secret, 'idempotency-key': `single-${sent}` },
        }),
        CONNECTIONS,
        seconds,
      ),
    batch: (seconds: number) =>
      run(
        `${base}/api/v1/checks/batch`,
        () => ({
          body: JSON.stringify({
            items: Array.from({ length: BATCH_SIZE }, () => ({
              ...nextCheck(),
              idempotencyKey: `batch-${sent}`,
            })),
          }),
          headers: { 'x-api-key': key.secret },
        }),
        BATCH_CONNECTIONS,
        seconds,
      ),
  };

  console.info(`checks/create and checks/batch against a bare INSERT — ${label}`);
  console.info(
    `  ${CONNECTIONS} connections (batch: ${BATCH_CONNECTIONS} × ${BATCH_SIZE} items), a ${WARM_UP_S} s warm-up, then ` +
      `${ROUNDS} rounds of ${SLICE_S} s per route (bare and single in alternating order), ` +
      `${EMPLOYEES} employees; load generator, server and database share ${availableParallelism()} CPU cores`,
  );
  console.info(`  load average before: ${load()}`);
  for (const route of ['bare', 'single', 'batch'] as const) {
    await slice[route](WARM_UP_S);
    await pause(PAUSE_MS);
  }
  const bareTotal = emptyTotal();
  const realTotal = emptyTotal();
  const batchTotal = emptyTotal();
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['bare', 'single'] as const) : (['single', 'bare'] as const);
    for (const route of order) {
      add(route === 'bare' ? bareTotal : realTotal, await slice[route](SLICE_S));
      await pause(PAUSE_MS);
    }
    add(batchTotal, await slice.batch(SLICE_S));
    await pause(PAUSE_MS);
    loads.push(loadavg()[0]!);
  }
  await pause(1000);
  const singleRows = await countRows('single-');
  const batchRows = await countRows('batch-');

  const describe = (name: string, total: Total) =>
    `  ${name.padEnd(22)} ${median(total.rates).toFixed(0).padStart(6)} req/s (median; ` +
    `${Math.min(...total.rates).toFixed(0)}–${Math.max(...total.rates).toFixed(0)})   p99 ${String(
      total.p99,
    ).padStart(
      4,
    )} ms   2xx ${total.ok}   non-2xx ${total.non2xx}   errors ${total.errors}   timeouts ${total.timeouts}`;
  console.info(describe('bare INSERT', bareTotal));
  console.info(describe('POST /checks/create', realTotal));
  console.info(describe('POST /checks/batch', batchTotal));
  const bareRate = median(bareTotal.rates);
  const singleRate = median(realTotal.rates);
  const ratio = singleRate / bareRate;
  const roundRatios = realTotal.rates.map((rate, i) => rate / bareTotal.rates[i]!);
  const batchRowsPerS = median(batchTotal.rates) * BATCH_SIZE;
  const percent = (value: number) => `${(value * 100).toFixed(0)} %`;
  console.info(
    `  single create: ${singleRate.toFixed(0)} req/s against the bare INSERT's ` +
      `${bareRate.toFixed(0)} req/s — ratio of the medians ${percent(ratio)} ` +
      `(target ≥ ${percent(TARGET_RATIO)}; per round ${percent(Math.min(...roundRatios))}–` +
      `${percent(Math.max(...roundRatios))}, median ${percent(median(roundRatios))}), p99 ${realTotal.p99} ms`,
  );
  console.info(
    `  batch: ${batchRowsPerS.toFixed(0)} rows/s against the single create's ${singleRate.toFixed(0)} ` +
      `rows/s — ${(batchRowsPerS / singleRate).toFixed(1)}× (target ≥ ${TARGET_BATCH_FACTOR}×), ` +
      `p99 ${batchTotal.p99} ms a request of ${BATCH_SIZE}`,
  );
  console.info(
    `  rows in checks from single creates: ${singleRows}, 201 answers: ${created} — ${singleRows === created ? 'equal' : 'DIFFERENT'}`,
  );
  console.info(
    `  rows in checks from batches: ${batchRows}, created items acknowledged: ${batchCreated} — ${batchRows === batchCreated ? 'equal' : 'DIFFERENT'}`,
  );
  console.info(
    `  load average (1 min) during the rounds: ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}; after: ${load()}`,
  );
  await bare.close();
  await app.close();
} finally {
  await drop();
}
