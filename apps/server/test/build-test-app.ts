import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { parseEnv, type Env } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { SmsProvider } from '../src/modules/auth/sms.ts';
import { TEST_JWT_SECRET } from './test-constants.ts';
import { withDatabase } from './global-setup.ts';

export type SentSms = { phone: string; text: string };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  sms: SentSms[];
  env: Env;
  close: () => Promise<void>;
};

/** A fresh database for one test file: a copy of the migrated template (PGlite or PostgreSQL). */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const template = process.env.SMENA_TEST_PG_TEMPLATE;
  if (url && template) {
    const name = `smena_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Copies from one template may collide for a moment; try again.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`create database "${name}" template "${template}"`);
          break;
        } catch (error) {
          if (attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 + attempt * 100));
        }
      }
    } finally {
      await admin.end();
    }
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, name),
      poolSize: 5,
    });
    return {
      database,
      drop: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const dumpPath = process.env.SMENA_TEST_PGLITE_DUMP;
  if (!dumpPath) throw new Error('The test global setup did not run');
  const database = await openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([readFileSync(dumpPath)]),
  });
  return { database, drop: () => database.close() };
}

export async function buildTestApp(
  overrides: Record<string, string> = {},
  appOptions: Pick<BuildAppOptions, 'lifecycle'> = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    AUTH_RATE_LIMIT_MAX: '10000',
    ...overrides,
  });
  const sms: SentSms[] = [];
  const smsProvider: SmsProvider = {
    async send(phone, text) {
      sms.push({ phone, text });
    },
  };
  const app = await buildApp({ env, database, sms: smsProvider, webRoot: null, ...appOptions });
  await app.ready();
  return {
    app,
    database,
    sms,
    env,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** `app.inject` with a bearer token and a JSON body, answering the parsed body too. */
export async function call(
  app: FastifyInstance,
  options: InjectOptions & { token?: string | undefined },
): Promise<LightMyRequestResponse & { body: string; data: any }> {
  const { token, ...rest } = options;
  const response = await app.inject({
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let data: unknown;
  try {
    data = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    data = response.body;
  }
  // `any` keeps assertions on response bodies short; tests parse with the contract where it matters.
  return Object.assign(response, { data: data as any });
}
