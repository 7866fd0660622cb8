import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ErrorCode } from '@smena/contract';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { isDatabaseUnavailable } from './db-errors.ts';

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The error a query raises, through Drizzle, when PostgreSQL is not there. */
async function refusedQueryError(host = '127.0.0.1'): Promise<unknown> {
  const pool = new pg.Pool({
    connectionString: `postgres://postgres@${host}:${await closedPort()}/postgres`,
    connectionTimeoutMillis: 2_000,
  });
  try {
    await drizzle(pool).execute(sql`select ${'someone@example.ru'}`);
    throw new Error('the query should have failed');
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
}

function postgresError(code: string, message = 'server said no'): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

function wrapped(cause: unknown): Error {
  // What Drizzle throws: "Failed query: … params: …" with the driver's error as the cause.
  return Object.assign(new Error('Failed query: select 1\nparams: '), {
    name: 'DrizzleQueryError',
    cause,
  });
}

describe('isDatabaseUnavailable', () => {
  it('recognizes a refused connection, through Drizzle and as an AggregateError', async () => {
    const refused = await refusedQueryError();
    expect((refused as Error).message).toMatch(/^Failed query/);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    // "localhost" tries ::1 and 127.0.0.1: Node reports both in an AggregateError.
    expect(isDatabaseUnavailable(await refusedQueryError('localhost'))).toBe(true);
  });

  it('recognizes the SQLSTATEs of a server that cannot serve now', () => {
    for (const code of ['08006', '08001', '08P01', '57P01', '57P02', '57P03', '53300', '25006']) {
      expect(isDatabaseUnavailable(wrapped(postgresError(code))), code).toBe(true);
    }
  });

  it('recognizes lost connections and pool timeouts that carry no code', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(wrapped(new Error(message))), message).toBe(true);
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
  });

  it('leaves statement errors and programming errors alone', () => {
    for (const code of ['23505', '23P01', '42P01', '22P02', '40001', '57014']) {
      expect(isDatabaseUnavailable(wrapped(postgresError(code))), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});

describe('the error handler with the database away', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After and a Russian message', async () => {
    const refused = await refusedQueryError();
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/refused', async () => {
      throw refused;
    });
    app.get('/broken', async () => {
      throw new TypeError('x is undefined');
    });
    const response = await app.inject({ method: 'GET', url: '/refused' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      statusCode: 503,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'Сервис временно недоступен. Повторите через несколько секунд',
    });
    // Anything else is still a 500 that says nothing of its cause.
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.headers['retry-after']).toBeUndefined();
    expect(broken.json().code).toBe(ErrorCode.INTERNAL_ERROR);
    await app.close();
  });
});
