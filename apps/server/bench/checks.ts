/**
 * `npm run bench` (third part), in one run:
 * - a bare Fastify route doing one INSERT through the same pool (50 connections, 10 s);
 * - POST /api/v1/checks/create with an API key and an Idempotency-Key (50 connections, 10 s);
 * - POST /api/v1/checks/batch with an API key, 500 items a request, each with its own key
 *   (4 connections, 10 s): what a terminal or an offline queue sends after a burst.
 * Prints req/s, rows/s, p99 latency, errors, the ratios (single create / bare INSERT, batch rows/s
 * / single rows/s), the machine's load average, and whether the rows in the table equal the
 * acknowledged ones (201 answers; `created` items of 200 answers). PostgreSQL when
 * BENCH_DATABASE_URL is set, else PGlite in memory (one connection: the figures say less).
 * Targets (reported, not asserted): single ≥ 50 % of the bare route's req/s, batch ≥ 5× the
 * single create's rows/s, no errors.
 *
 * What bounds the ratio when everything shares two cores: each request costs the CPU time of
 * the load generator, Node and PostgreSQL together. The create statement (lock, insert checked
 * by the exclusion constraint and the key's unique index, six foreign keys of which four are
 * set for an API key) costs several times the bare INSERT inside PostgreSQL; with the database
 * on cores of its own the ratio is the Node-side one. See decision 015 for measured figures.
 */
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { apiKeys, branches, checks, companies, employees, users } from '../src/db/schema/index.ts';
import { generateApiKey } from '../src/modules/api-keys/api-key-secret.ts';
import { openBenchDatabase } from './bench-database.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
/**
 * Each route runs DURATION_S in all, in this many alternating slices (bare, single, batch, bare…):
 * on a shared machine the load of other work drifts, and one slice after another sees it alike.
 */
const ROUNDS = 2;
const EMPLOYEES = 2000;
const BATCH_CONNECTIONS = 4;
const BATCH_SIZE = 500;
const TARGET_RATIO = 0.5;
const TARGET_BATCH_FACTOR = 5;
const HOUR_MS = 3_600_000;

type Result = autocannon.Result;
/** The slices of one route added up: answers, seconds, and the worst slice's p99. */
type Total = {
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  p99: number;
};
const emptyTotal = (): Total => ({
  ok: 0,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  seconds: 0,
  p99: 0,
});
function add(total: Total, result: Result) {
  total.ok += result['2xx'];
  total.non2xx += result.non2xx;
  total.errors += result.errors;
  total.timeouts += result.timeouts;
  total.seconds += result.duration;
  total.p99 = Math.max(total.p99, result.latency.p99);
}

function run(
  url: string,
  setup: () => { body: string; headers: Record<string, string> },
  connections = CONNECTIONS,
) {
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections,
        duration: DURATION_S / ROUNDS,
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url === '/api/v1/checks/create' && reply.statusCode === 201) created += 1;
    return payload;
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.url === '/api/v1/checks/batch' && reply.statusCode === 200) {
      batchCreated += (payload as { created: number }).created;
    }
    return payload;
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

  const countRows = async () => {
    const [stored] = await db
      .select({ value: count() })
      .from(checks)
      .where(eq(checks.companyId, companyId));
    return stored?.value ?? 0;
  };
  // Let the requests still in flight when autocannon stopped finish.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');

  console.info(`checks/create and checks/batch against a bare INSERT — ${label}`);
  console.info(
    `  ${CONNECTIONS} connections (batch: ${BATCH_CONNECTIONS} × ${BATCH_SIZE} items), ${DURATION_S} s each in ${ROUNDS} alternating slices, ` +
      `${EMPLOYEES} employees; load generator, server and database share ${availableParallelism()} CPU cores`,
  );
  console.info(`  load average before: ${load()}`);
  const bareTotal = emptyTotal();
  const realTotal = emptyTotal();
  const batchTotal = emptyTotal();
  let singleRows = 0;
  let batchRows = 0;
  for (let round = 0; round < ROUNDS; round++) {
    add(bareTotal, await run(bareUrl, () => ({ body: JSON.stringify(nextCheck()), headers: {} })));
    const before = await countRows();
    add(
      realTotal,
      await run(`${base}/api/v1/checks/create`, () => ({
        body: JSON.stringify(nextCheck()),
        headers: { 'x-api-key': key.secret, 'idempotency-key': `bench-${sent}` },
      })),
    );
    await settle();
    const middle = await countRows();
    singleRows += middle - before;
    add(
      batchTotal,
      await run(
        `${base}/api/v1/checks/batch`,
        () => ({
          body: JSON.stringify({
            items: Array.from({ length: BATCH_SIZE }, () => ({
              ...nextCheck(),
              idempotencyKey: `bench-${sent}`,
            })),
          }),
          headers: { 'x-api-key': key.secret },
        }),
        BATCH_CONNECTIONS,
      ),
    );
    await settle();
    batchRows += (await countRows()) - middle;
  }

  // Answers per second as acknowledged: those that reached the client within the slices.
  const perS = (total: Total) => total.ok / total.seconds;
  const describe = (name: string, total: Total) =>
    `  ${name.padEnd(22)} ${perS(total).toFixed(0).padStart(6)} req/s   p99 ${String(
      total.p99,
    ).padStart(
      4,
    )} ms   2xx ${total.ok}   non-2xx ${total.non2xx}   errors ${total.errors}   timeouts ${total.timeouts}`;
  console.info(describe('bare INSERT', bareTotal));
  console.info(describe('POST /checks/create', realTotal));
  console.info(describe('POST /checks/batch', batchTotal));
  const ratio = perS(realTotal) / perS(bareTotal);
  const singleRowsPerS = perS(realTotal);
  const batchRowsPerS = perS(batchTotal) * BATCH_SIZE;
  console.info(
    `  single create: ${singleRowsPerS.toFixed(0)} req/s against the bare INSERT's ` +
      `${perS(bareTotal).toFixed(0)} req/s — ratio ${(ratio * 100).toFixed(0)} % ` +
      `(target ≥ ${TARGET_RATIO * 100} %), p99 ${realTotal.p99} ms`,
  );
  console.info(
    `  batch: ${batchRowsPerS.toFixed(0)} rows/s against the single create's ${singleRowsPerS.toFixed(0)} ` +
      `rows/s — ${(batchRowsPerS / singleRowsPerS).toFixed(1)}× (target ≥ ${TARGET_BATCH_FACTOR}×), ` +
      `p99 ${batchTotal.p99} ms a request of ${BATCH_SIZE}`,
  );
  console.info(
    `  rows in checks from single creates: ${singleRows}, 201 answers: ${created} — ${singleRows === created ? 'equal' : 'DIFFERENT'}`,
  );
  console.info(
    `  rows in checks from batches: ${batchRows}, created items acknowledged: ${batchCreated} — ${batchRows === batchCreated ? 'equal' : 'DIFFERENT'}`,
  );
  console.info(`  load average after: ${load()}`);
  await bare.close();
  await app.close();
} finally {
  await drop();
}
