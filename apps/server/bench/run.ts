/**
 * `npm run bench`: figures for the hot paths of the foundation, on an in-memory PGlite (the
 * calendar follows in bench/calendar.ts). Not a test: it prints numbers to compare before and
 * after a change.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { hashPassword } from '../src/lib/password.ts';

function report(name: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const total = samples.reduce((sum, value) => sum + value, 0);
  console.info(
    `${name.padEnd(42)} n=${String(samples.length).padStart(5)}  ` +
      `p50=${at(0.5).toFixed(2)} ms  p95=${at(0.95).toFixed(2)} ms  ` +
      `throughput=${((samples.length / total) * 1000).toFixed(0)}/s`,
  );
}

/** Times `action` n times; a response other than 2xx stops the bench (figures of errors mislead). */
async function time(n: number, action: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const result = await action();
    samples.push(performance.now() - start);
    const status = (result as { statusCode?: number } | undefined)?.statusCode;
    if (status !== undefined && (status < 200 || status > 299)) {
      throw new Error(`unexpected status ${status}: ${(result as { body: string }).body}`);
    }
  }
  return samples;
}

const database = await openDatabase({ kind: 'pglite' });
await prepareDatabase(database, { email: 'bench@example.ru', password: 'bench-password' });
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' });
const app = await buildApp({ env, database, webRoot: null, sms: { send: async () => {} } });
await app.ready();

report('argon2id hash (19 MiB, t=2, p=1)', await time(20, () => hashPassword('bench-password')));

const login = () =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'bench@example.ru', password: 'bench-password' },
  });
report('POST /auth/login', await time(50, login));

const tokens = (await login()).json() as { accessToken: string; refreshToken: string };
const headers = { authorization: `Bearer ${tokens.accessToken}` };
report(
  'GET /profile (JWT + live session lookup)',
  await time(2000, () => app.inject({ method: 'GET', url: '/api/v1/profile', headers })),
);
report(
  'GET /api/health (no auth)',
  await time(2000, () => app.inject({ method: 'GET', url: '/api/health' })),
);

let refresh = tokens.refreshToken;
report(
  'POST /auth/refresh (rotation)',
  await time(200, async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh },
    });
    refresh = (response.json() as { refreshToken: string }).refreshToken;
    return response;
  }),
);

await app.close();
await database.close();
