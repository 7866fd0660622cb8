import { describe, expect, it } from 'vitest';
import { safeUrl, scrubText, serializeError } from './log-hygiene.ts';

const EMAIL = 'anna.petrova@example.ru';
const PHONE = '+79161234567';
const ARGON2 =
  '$argon2id$v=19$m=19456,t=2,p=1$zLexSJtQOfwOyjcxPcqVcg$pH9hLD1BvEHMLv2R4YdhZbH3FIbS8M9s/qzrb9u75Vc';
const SHA256 = 'cbe7ef332c932bf982ddb2fbc8e13f9fb2d7730d15411615586780119f83310d';
const REFRESH = 'q3Xz9Lw0bY7VtP2mN8sR4kJ6hG1fD5cA0eB3nM7xQ9w';

/** A DrizzleQueryError as drizzle-orm builds it, around a PostgreSQL error with a detail. */
function drizzleError() {
  const cause = Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_unique"'),
    {
      name: 'error',
      code: '23505',
      severity: 'ERROR',
      table: 'users',
      constraint: 'users_email_unique',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      where: `SQL statement "insert … ${PHONE}"`,
    },
  );
  const query = 'insert into "users" ("email", "phone", "password_hash") values ($1, $2, $3)';
  const params = [EMAIL, PHONE, ARGON2];
  class DrizzleQueryError extends Error {
    constructor(
      readonly query: string,
      readonly params: unknown[],
      override readonly cause: unknown,
    ) {
      super(`Failed query: ${query}\nparams: ${params}`);
    }
  }
  return new DrizzleQueryError(query, params, cause);
}

describe('serializeError', () => {
  it('keeps the SQL, the SQLSTATE and the names, never the parameters or the detail', () => {
    const serialized = serializeError(drizzleError());
    const text = JSON.stringify(serialized);
    expect(serialized.type).toBe('DrizzleQueryError');
    expect(serialized.message).toBe(
      'Failed query: insert into "users" ("email", "phone", "password_hash") values ($1, $2, $3)',
    );
    expect(serialized.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "users"/);
    expect(serialized.stack).toMatch(/\n\s+at /);
    expect(serialized.cause).toMatchObject({
      code: '23505',
      table: 'users',
      constraint: 'users_email_unique',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
    });
    for (const value of [EMAIL, PHONE, ARGON2, 'params', 'detail', 'where']) {
      expect(text).not.toContain(value);
    }
  });

  it('hides the values PostgreSQL quotes in its messages', () => {
    const error = Object.assign(new Error(`invalid input syntax for type uuid: "${REFRESH}"`), {
      code: '22P02',
      severity: 'ERROR',
    });
    expect(serializeError(error).message).toBe('invalid input syntax for type uuid: "[скрыто]"');
  });

  it('masks secrets that slipped into the text of any error', () => {
    const error = new Error(`login of ${EMAIL} (${PHONE}) with ${REFRESH} hash ${SHA256}`);
    const serialized = serializeError(Object.assign(error, { errors: [new Error(ARGON2)] }));
    const text = JSON.stringify(serialized);
    for (const value of [EMAIL, PHONE, REFRESH, SHA256, ARGON2]) expect(text).not.toContain(value);
    expect(serialized.message).toBe('login of [email] ([phone]) with [token] hash [hash]');
  });

  it('serializes what is not an error without failing', () => {
    expect(serializeError(`token ${REFRESH}`).message).toBe('token [token]');
    expect(serializeError(undefined).message).toBe('undefined');
  });
});

describe('scrubText', () => {
  it('leaves dates, ids, SQL and identifiers alone', () => {
    const text =
      'select "schedule_assignments_employee_id_effective_date_unique" from t where id = 2147483647 and day = 2026-11-25T10:00:00.000Z';
    expect(scrubText(text)).toBe(text);
  });

  it('masks JWTs and API keys', () => {
    expect(scrubText('Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).toBe(
      'Bearer [token]',
    );
    expect(scrubText('key smk_AbCdEf0123456789')).toBe('key [key]');
  });
});

describe('safeUrl', () => {
  it('keeps the path and the names of the query, never its values', () => {
    expect(safeUrl(`/api/v1/employees?search=${encodeURIComponent(EMAIL)}&page=2`)).toBe(
      '/api/v1/employees?search=…&page=…',
    );
    expect(safeUrl('/api/v1/employees/12')).toBe('/api/v1/employees/12');
  });
});

describe('serializeError with unusual errors', () => {
  it('drops the parameters of a query error that does not name its SQL', () => {
    const error = Object.assign(new Error(`Failed query: select 1\nparams: ${EMAIL},x`), {
      name: 'DrizzleQueryError',
    });
    const serialized = serializeError(error);
    expect(serialized.message).toBe('Failed query: select 1');
    expect(JSON.stringify(serialized)).not.toContain('params');
  });
});
