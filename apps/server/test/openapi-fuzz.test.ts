import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { addMember, createCompany, login, loginSuperAdmin, type TestCompany } from './factories.ts';
import * as allIdFixtures from './id-fixtures/index.ts';
import type { IdFixture } from './id-fixtures/types.ts';

/**
 * Every operation of the OpenAPI document gets generated invalid values (decision 011): NUL, lone
 * surrogates and control characters in strings, ids and numbers past int4 and 2^53, fractions,
 * negatives, years 0000 and 9999, wrong types, very long strings, deep and oversized arrays,
 * missing required and unknown fields — in path parameters, the query string and the body.
 * The server must never answer 5xx (nor cut a download), and a refused request (4xx) must not
 * have written a row: every public table carries a row trigger that logs writes, which commit or
 * roll back with the request's own transaction, so the log counts exactly what a request left.
 *
 * CI runs a fixed seed; locally the seed is random and printed. FUZZ_SEED=… repeats a run,
 * FUZZ_REQUESTS=… changes its size, FUZZ_DEBUG=1 prints what each operation's unmutated request
 * answered (an operation whose base is refused is fuzzed at its validation only).
 */
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.CI
    ? 20_261_125
    : Math.floor(Math.random() * 2 ** 31);
/** Requests in total, spread evenly over the operations. */
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);

/** Operations that cannot be fuzzed here, with the reason (method and Fastify path). */
const SKIPPED: Record<string, string> = {};

/**
 * Tables that a refused request may write, with the reason (for example a counter of failed
 * logins kept in the database). Anything else written by a 4xx fails the test.
 */
const WRITES_ON_REFUSAL: Record<string, string> = {
  // Failed logins and wrong restore codes are counted per account and per phone (decision 010):
  // counting the refusal is the point, and the counter holds an HMAC of the key, no value.
  auth_limit_counters: 'attempt limits count refused logins and codes',
};

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  method: string;
  /** Fastify's form: /api/v1/branches/:id */
  url: string;
  access: unknown;
  parameters: Parameter[];
  body: JsonSchema | null;
};

let t: TestApp;
/** The app under test: the test app's database and settings, with a marker hook on every route. */
let app: FastifyInstance;
/** Routed requests (by Fastify's request id) whose onResponse hooks have not all run yet. */
const pending = new Set<string>();
let company: TestCompany;
let victim: TestCompany;
const tokens = { admin: '', employee: '', superAdmin: '' };
let employeeEmail = '';
const operations: Operation[] = [];
const accessByRoute = new Map<string, unknown>();
let components: Record<string, JsonSchema> = {};

beforeAll(async () => {
  // Card payments on, so that the CloudPayments notifications (raw form bodies) are fuzzed too.
  t = await buildTestApp({
    CLOUDPAYMENTS_PUBLIC_ID: 'pk_test_fuzz',
    CLOUDPAYMENTS_API_SECRET: 'fuzz-secret',
  });
  app = await buildApp({
    env: t.env,
    database: t.database,
    sms: { send: async () => {} },
    webRoot: null,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods)
        accessByRoute.set(`${method} ${route.url}`, route.config?.access);
      // Route hooks run after the app's own hooks of the same kind. A 2xx may queue a job in an
      // onResponse hook after its answer has gone out (reminders-reschedule): the request stays
      // pending until the last onResponse hook, so that each write is counted against the
      // request that made it. A request refused in the app's onRequest (401) writes nothing.
      const ownRequest = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [
        ...ownRequest,
        async (request: { id: string }) => void pending.add(request.id),
      ] as unknown as RouteOptions['onRequest'];
      const ownResponse = route.onResponse ? [route.onResponse].flat() : [];
      route.onResponse = [
        ...ownResponse,
        async (request: { id: string }) => void pending.delete(request.id),
      ] as unknown as RouteOptions['onResponse'];
    },
  });
  await app.ready();
  const document = app.swagger() as {
    paths: Record<string, Record<string, any>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = document.components?.schemas ?? {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      if (!url.startsWith('/api/')) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema ?? null;
      operations.push({
        method: method.toUpperCase(),
        url,
        access: accessByRoute.get(`${method.toUpperCase()} ${url}`),
        parameters: (operation.parameters ?? []) as Parameter[],
        body,
      });
    }
  }

  company = await createCompany(t.app);
  victim = await createCompany(t.app);
  tokens.admin = company.admin.tokens.accessToken;
  tokens.superAdmin = (await loginSuperAdmin(t.app)).accessToken;
  const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
  employeeEmail = member.user.email;
  tokens.employee = (await login(t.app, employeeEmail)).accessToken;

  for (const [kind, path, payload] of [
    ['branch', '/api/v1/branches', { title: 'Фаззинг', latitude: 55.75, longitude: 37.62 }],
    ['department', '/api/v1/departments', { title: 'Фаззинг' }],
    ['position', '/api/v1/positions', { title: 'Фаззинг' }],
  ] as const) {
    const response = await call(t.app, { method: 'POST', url: path, token: tokens.admin, payload });
    if (response.statusCode !== 201) throw new Error(`${kind}: ${response.body}`);
    knownIds[kind] = response.data.id as number;
  }
  knownIds.employee = member.employee.id;
  const countries = await call(t.app, { method: 'GET', url: '/api/v1/countries' });
  if (Array.isArray(countries.data?.items)) knownIds.country = countries.data.items[0]?.id;
  else if (Array.isArray(countries.data)) knownIds.country = countries.data[0]?.id;

  // The write log: one row per row written, committed or rolled back with the writer.
  await t.database.db.execute(
    sql.raw(
      'create table fuzz_writes (id bigserial primary key, table_name text not null, op text not null)',
    ),
  );
  await t.database.db.execute(
    sql.raw(`
      create function fuzz_note_write() returns trigger language plpgsql as $$
        begin insert into fuzz_writes (table_name, op) values (TG_TABLE_NAME, TG_OP); return null; end $$
    `),
  );
  await t.database.db.execute(
    sql.raw(`
      do $$ declare r record; begin
        for r in select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_writes' loop
          execute format('create trigger fuzz_note_write after insert or update or delete on %I for each row execute function fuzz_note_write()', r.tablename);
        end loop;
      end $$
    `),
  );
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
});

// ---------- Values ----------

function resolve(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) return resolve(components[schema.$ref.replace('#/components/schemas/', '')]);
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
}

/** Records of the company that otherwise valid requests may name (filled in beforeAll). */
const knownIds: Record<string, number> = {};

/**
 * Values that a field of this name takes in a valid request, so that a mutation of one field
 * meets an otherwise valid request and reaches the handler (and the database) behind validation.
 */
function hint(name: string | undefined, seed: number): unknown {
  if (name === undefined) return undefined;
  const id = /^(\w+?)Ids?$/.exec(name);
  if (id && knownIds[id[1]!] !== undefined)
    return name.endsWith('Ids') ? [knownIds[id[1]!]] : knownIds[id[1]!];
  const now = Date.now();
  const values: Record<string, unknown> = {
    from: '2026-03-02',
    to: '2026-03-08',
    date: '2026-03-03',
    month: '2026-03',
    year: 2026,
    effectiveFrom: '2026-03-02',
    anchorDate: '2026-03-02',
    hireDate: '2025-01-15',
    dismissedAt: '2026-03-02',
    paidUntil: '2026-12-31',
    checkInDateTime: '2026-03-02T09:00:00+03:00',
    checkOutDateTime: '2026-03-02T18:00:00+03:00',
    time: new Date(now - 60_000).toISOString(),
    occurredAt: new Date(now - 60_000).toISOString(),
    expiresAt: new Date(now + 86_400_000).toISOString(),
    email: `fuzz-${seed}-${now.toString(36)}@example.ru`,
    phone: `+7900${String(seed % 10_000_000).padStart(7, '0')}`,
    password: 'correct-horse-battery',
    country: 'RU',
    timezone: 'Europe/Moscow',
    key: 'features.comments',
    title: `Фаззинг ${seed}`,
    firstName: 'Иван',
    lastName: 'Петров',
    latitude: 55.75,
    longitude: 37.62,
    start: '09:00',
    end: '18:00',
  };
  return values[name];
}

/** A value that the schema's shape accepts, as a base the mutations start from. */
function sample(raw: JsonSchema | undefined, seed: number, depth = 0, name?: string): unknown {
  const hinted = hint(name, seed);
  if (hinted !== undefined) return hinted;
  const schema = resolve(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? null;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const first = choices.map(resolve).find((choice) => typeOf(choice) !== 'null') ?? choices[0];
    return sample(first, seed, depth + 1, name);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], seed, depth + 1, name);
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema, seed);
    case 'integer':
    case 'number': {
      if (schema.minimum !== undefined) return schema.minimum;
      if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + 1;
      return schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return depth > 6
        ? []
        : Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, seed, depth + 1));
    case 'object': {
      const result: Record<string, unknown> = {};
      if (depth > 6) return result;
      for (const name of schema.required ?? [])
        result[name] = sample(schema.properties?.[name], seed, depth + 1, name);
      return result;
    }
    default:
      return 'a';
  }
}

function sampleString(schema: JsonSchema, seed: number): string {
  switch (schema.format) {
    case 'email':
      return `fuzz-${seed}@example.ru`;
    case 'date':
      return '2026-03-02';
    case 'date-time':
      return '2026-03-02T09:00:00+03:00';
    case 'uuid':
      return '7d8f6c2e-3b1a-4c5d-9e0f-1a2b3c4d5e6f';
    case 'uri':
      return 'https://example.ru/fuzz';
  }
  if (schema.pattern) {
    try {
      const [value] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), {
        seed,
        numRuns: 1,
      });
      if (value !== undefined) return value.slice(0, schema.maxLength ?? value.length);
    } catch {
      // A pattern fast-check cannot generate from: a plain text is as good a base.
    }
  }
  return 'Тест'.padEnd(Math.max(schema.minLength ?? 1, 4), 'т').slice(0, schema.maxLength ?? 100);
}

/** Text no field accepts, or that sits at the edges of the formats. */
const BAD_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udfffy',
  'bell\u0007',
  '\u001b[31m',
  'a'.repeat(10_000),
  'я'.repeat(70_000),
  '',
  ' ',
  '0000-01-01',
  '9999-12-31',
  '0000-01',
  '9999-12',
  '2026-02-30',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '2147483648',
  '9007199254740993',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'null',
  "' or 1=1 --",
  '../../etc/passwd',
  '24:60',
  '#zzzzzz',
];
const BAD_NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 63,
  -(2 ** 31) - 1,
  -1,
  0,
  0.5,
  1e308,
  -1e308,
  1e-7,
];
const deepArray = JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown;
const WRONG_TYPES: unknown[] = [
  true,
  null,
  {},
  [],
  [1, 'a', null],
  { nested: { deeper: { deepest: 'a\u0000' } } },
  deepArray,
  Array.from({ length: 5_000 }, () => 2 ** 31),
  Array.from({ length: 2_000 }, (_, index) => `текст ${index}`),
];
const badValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BAD_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
);
/** Percent-encodings that decode to nothing good (a raw query or path fragment). */
const RAW_ENCODINGS = ['%00', '%ED%A0%80', '%C0%80', '%', '%zz', '%FF%FE', 'a%00b%0A', '%E2%80%AE'];

type Mutation =
  | { kind: 'base' }
  | { kind: 'set'; where: 'path' | 'query' | 'body'; path: string[]; value: unknown }
  | { kind: 'raw'; where: 'path' | 'query'; name: string; encoded: string }
  | { kind: 'omit'; path: string[] }
  | { kind: 'extra'; value: unknown }
  | { kind: 'body'; value: unknown };

/** Places in the body (up to three levels) that a mutation may hit. */
function bodySlots(raw: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  const schema = resolve(raw);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const first = choices.map(resolve).find((choice) => typeOf(choice) !== 'null');
    return first ? bodySlots(first, prefix, depth) : [];
  }
  if (depth > 2) return [];
  const slots: string[][] = [];
  if (typeOf(schema) === 'object' && schema.properties) {
    for (const [name, property] of Object.entries(schema.properties)) {
      slots.push([...prefix, name]);
      slots.push(...bodySlots(property, [...prefix, name], depth + 1));
    }
  }
  if (typeOf(schema) === 'array' && schema.items) {
    slots.push([...prefix, '0']);
    slots.push(...bodySlots(schema.items, [...prefix, '0'], depth + 1));
  }
  return slots;
}

function mutationsOf(operation: Operation): fc.Arbitrary<Mutation> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const slots = operation.body ? bodySlots(operation.body) : [];
  const required = resolve(operation.body ?? undefined).required ?? [];
  const options: fc.Arbitrary<Mutation>[] = [];
  for (const { where, names } of [
    { where: 'path' as const, names: pathParams.map((p) => p.name) },
    { where: 'query' as const, names: queryParams.map((p) => p.name) },
  ]) {
    if (names.length === 0) continue;
    options.push(
      fc.record({
        kind: fc.constant('set' as const),
        where: fc.constant(where),
        path: fc.constantFrom(...names).map((name) => [name]),
        value: badValue,
      }),
      fc.record({
        kind: fc.constant('raw' as const),
        where: fc.constant(where),
        name: fc.constantFrom(...names),
        encoded: fc.constantFrom(...RAW_ENCODINGS),
      }),
    );
  }
  if (operation.body) {
    if (slots.length > 0) {
      const set = fc.record({
        kind: fc.constant('set' as const),
        where: fc.constant('body' as const),
        path: fc.constantFrom(...slots),
        value: badValue,
      });
      options.push(set, set, set);
    }
    if (required.length > 0)
      options.push(
        fc.record({
          kind: fc.constant('omit' as const),
          path: fc.constantFrom(...required).map((name) => [name]),
        }),
      );
    options.push(
      fc.record({ kind: fc.constant('extra' as const), value: badValue }),
      fc.record({ kind: fc.constant('body' as const), value: badValue }),
    );
  }
  if (options.length === 0) options.push(fc.constant({ kind: 'base' } as const));
  return fc.oneof(...options);
}

function setAt(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: any = Array.isArray(target)
    ? [...target]
    : target && typeof target === 'object'
      ? { ...target }
      : /^\d+$/.test(head!)
        ? []
        : {};
  container[head!] = setAt(container[head!], rest, value);
  return container;
}

function encodeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // Byte by byte, so that lone surrogates go out as the replacement character's bytes rather
  // than throwing (encodeURIComponent refuses them).
  return [...Buffer.from(String(text), 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

type Built = { method: string; url: string; payload?: string };

function buildRequest(
  operation: Operation,
  base: { path: Record<string, string>; query: Record<string, unknown>; body: unknown },
  mutation: Mutation,
): Built {
  const path: Record<string, string> = {};
  for (const [name, value] of Object.entries(base.path)) path[name] = encodeValue(value);
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(base.query))
    if (value !== undefined) query[name] = encodeValue(value);
  let body = base.body;
  switch (mutation.kind) {
    case 'set':
      if (mutation.where === 'body') body = setAt(body, mutation.path, mutation.value);
      else if (mutation.where === 'path') path[mutation.path[0]!] = encodeValue(mutation.value);
      else if (Array.isArray(mutation.value))
        // An array in a query is the parameter repeated.
        query[mutation.path[0]!] = mutation.value
          .slice(0, 50)
          .map(encodeValue)
          .join(`&${mutation.path[0]!}=`);
      else query[mutation.path[0]!] = encodeValue(mutation.value);
      break;
    case 'raw':
      if (mutation.where === 'path') path[mutation.name] = mutation.encoded;
      else query[mutation.name] = mutation.encoded;
      break;
    case 'omit':
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        const { [mutation.path[0]!]: _omitted, ...rest } = body as Record<string, unknown>;
        body = rest;
      }
      break;
    case 'extra':
      body = { ...(body && typeof body === 'object' ? body : {}), fuzzExtra: mutation.value };
      break;
    case 'body':
      body = mutation.value;
      break;
    case 'base':
      break;
  }
  const url =
    operation.url.replace(/:(\w+)/g, (_match, name: string) => path[name] ?? '1') +
    (Object.keys(query).length > 0
      ? `?${Object.entries(query)
          .map(([name, value]) => `${name}=${value}`)
          .join('&')}`
      : '');
  return {
    method: operation.method,
    url,
    ...(operation.body || mutation.kind === 'body' ? { payload: JSON.stringify(body) } : {}),
  };
}

// ---------- Tokens and the write log ----------

function tokenKind(access: unknown): keyof typeof tokens | null {
  if (access === 'public' || access === undefined) return null;
  if (access === 'authenticated') return 'admin';
  const roles = Array.isArray(access) ? (access as string[]) : [];
  if (roles.includes('ADMIN')) return 'admin';
  if (roles.includes('SUPERADMIN')) return 'superAdmin';
  return 'employee';
}

async function ensureToken(kind: keyof typeof tokens): Promise<void> {
  const check = await call(app, { method: 'GET', url: '/api/v1/profile', token: tokens[kind] });
  if (check.statusCode === 200) return;
  // A fuzzed logout (or clear-session) that was accepted ended the session: sign in again.
  if (kind === 'admin') tokens.admin = (await login(t.app, company.admin.email)).accessToken;
  else if (kind === 'employee') tokens.employee = (await login(t.app, employeeEmail)).accessToken;
  else tokens.superAdmin = (await loginSuperAdmin(t.app)).accessToken;
}

async function lastWrite(): Promise<number> {
  const result = (await t.database.db.execute(
    sql.raw('select coalesce(max(id), 0)::int as id from fuzz_writes'),
  )) as unknown as { rows: { id: number }[] };
  return Number(result.rows[0]!.id);
}

/** Waits until every routed request has run its onResponse hooks (see onRoute above). */
async function settled(): Promise<void> {
  for (let waited = 0; waited < 5_000 && pending.size > 0; waited++)
    await new Promise((resolve) => setTimeout(resolve, 1));
  if (pending.size > 0) throw new Error(`requests still pending: ${pending.size}`);
}

async function writesAfter(id: number): Promise<string[]> {
  const result = (await t.database.db.execute(
    sql.raw(`select op, table_name from fuzz_writes where id > ${id} order by id limit 20`),
  )) as unknown as { rows: { op: string; table_name: string }[] };
  return result.rows.map((row) => `${row.op} ${row.table_name}`);
}

function show(mutation: Mutation): string {
  return JSON.stringify(mutation, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 60
      ? `${value.slice(0, 20)}…(${value.length})`
      : value,
  ).slice(0, 300);
}

/** Sends one request; a 5xx or a download cut after its headers is a failure. */
async function send(
  key: string,
  mutation: Mutation,
  request: Built,
  kind: keyof typeof tokens | null,
  failures: string[],
): Promise<number> {
  try {
    const response = await call(app, {
      method: request.method as 'GET',
      url: request.url,
      ...(kind ? { token: tokens[kind] } : {}),
      ...(request.payload !== undefined
        ? { payload: request.payload, headers: { 'content-type': 'application/json' } }
        : {}),
    });
    await settled();
    if (response.statusCode >= 500)
      failures.push(
        `${key} ${show(mutation)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    return response.statusCode;
  } catch (error) {
    // light-my-request rejects when the reply stream breaks after the headers.
    failures.push(`${key} ${show(mutation)} → cut: ${String(error)}`);
    await settled();
    return 599;
  }
}

// ---------- The run ----------

describe('every operation of the OpenAPI document, with generated invalid input', () => {
  it('never answers 5xx, and a refused request writes nothing', async () => {
    const ID_FIXTURES: Record<string, IdFixture> = Object.assign(
      {},
      ...Object.values(allIdFixtures),
    );
    const started = Date.now();
    const byClass: Record<string, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const failures: string[] = [];
    const skipped: string[] = [];
    let sent = 0;
    let seenWrite = await lastWrite();
    const fuzzed = operations.filter((operation) => {
      const reason = SKIPPED[`${operation.method} ${operation.url}`];
      if (reason) skipped.push(`${operation.method} ${operation.url}: ${reason}`);
      return !reason;
    });
    expect(fuzzed.length).toBeGreaterThan(100);
    const perOperation = Math.max(4, Math.ceil(TOTAL_REQUESTS / fuzzed.length));

    for (const [index, operation] of fuzzed.entries()) {
      const key = `${operation.method} ${operation.url}`;
      const seed = (SEED + index * 7919) % 2 ** 31;
      const kind = tokenKind(operation.access);
      // A record of the company (or of another company for the super admin's routes), so that
      // otherwise valid requests reach the handler rather than stopping at 404.
      let fixture: Awaited<ReturnType<IdFixture>> | undefined;
      if (ID_FIXTURES[key]) {
        // The super admin's routes (block a company, reset a password …) act on another company.
        if (kind === 'superAdmin') fixture = await ID_FIXTURES[key]!(victim, { ...t, app });
        else {
          await ensureToken('admin');
          const current = {
            ...company,
            admin: {
              ...company.admin,
              tokens: { ...company.admin.tokens, accessToken: tokens.admin },
            },
          };
          fixture = await ID_FIXTURES[key]!(current, { ...t, app });
        }
      }
      const base = {
        path: Object.fromEntries(
          operation.parameters
            .filter((p) => p.in === 'path')
            .map((p) => [
              p.name,
              fixture && /id$/i.test(p.name)
                ? String(fixture.id)
                : p.name === 'id' && kind === 'superAdmin'
                  ? String(victim.companyId)
                  : String(sample(p.schema, seed, 0, p.name)),
            ]),
        ),
        query: Object.fromEntries(
          fixture?.query
            ? [...new URLSearchParams(fixture.query)]
            : operation.parameters
                .filter((p) => p.in === 'query' && p.required)
                .map((p) => [p.name, sample(p.schema, seed, 0, p.name)]),
        ),
        body: fixture?.payload ?? (operation.body ? sample(operation.body, seed) : undefined),
      };
      const cases: Mutation[] = [
        { kind: 'base' },
        // An empty body: every field of a PATCH left out, every required field missing.
        ...(operation.body ? [{ kind: 'body' as const, value: {} }] : []),
        ...fc.sample(mutationsOf(operation), { seed, numRuns: perOperation - 1 }),
      ];
      // The fixture's own writes (and any job its answers queued) are not the cases' writes.
      await settled();
      seenWrite = await lastWrite();
      /** A refused request must have left no row since the last look at the write log. */
      const checkWrites = async (mutation: Mutation, status: number) => {
        const latest = await lastWrite();
        if (status >= 400 && status < 500 && latest > seenWrite) {
          const writes = (await writesAfter(seenWrite)).filter(
            (write) => !(write.split(' ')[1]! in WRITES_ON_REFUSAL),
          );
          if (writes.length > 0)
            failures.push(`${key} ${show(mutation)} → ${status} but wrote: ${writes.join(', ')}`);
        }
        seenWrite = latest;
      };
      for (const mutation of cases) {
        const request = buildRequest(operation, base, mutation);
        let status = await send(key, mutation, request, kind, failures);
        if (mutation.kind === 'base' && process.env.FUZZ_DEBUG)
          console.info(`base ${key} → ${status}`);
        if (status === 401 && kind) {
          // An accepted logout or clear-session of an earlier case ended the session: sign in
          // again (a write of its own) and repeat the request, so that it reaches validation.
          await checkWrites(mutation, status);
          await ensureToken(kind);
          await settled();
          seenWrite = await lastWrite();
          status = await send(key, mutation, request, kind, failures);
        }
        sent += 1;
        const statusClass = `${Math.floor(status / 100)}xx`;
        byClass[statusClass] = (byClass[statusClass] ?? 0) + 1;
        await checkWrites(mutation, status);
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // The figures of the run (the closing note quotes them).
    console.info(
      `openapi fuzz: seed ${SEED}, ${fuzzed.length} operations (${skipped.length} skipped), ` +
        `${sent} requests in ${seconds} s — 2xx ${byClass['2xx']}, 3xx ${byClass['3xx']}, ` +
        `4xx ${byClass['4xx']}, 5xx ${byClass['5xx']}, failures ${failures.length}`,
    );
    if (skipped.length > 0) console.info(`skipped:\n${skipped.join('\n')}`);
    expect(failures, `seed ${SEED} (FUZZ_SEED=${SEED} repeats it)`).toEqual([]);
    expect(byClass['5xx']).toBe(0);
    // The write log saw the accepted writes, so its silence on refusals means something.
    expect(seenWrite).toBeGreaterThan(0);
  }, 600_000);
});
