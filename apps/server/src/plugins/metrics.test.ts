import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { parseEnv, type EnvError } from '../config/env.ts';
import { jobs } from '../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/build-test-app.ts';
import { createCompany } from '../../test/factories.ts';
import { listenForMetrics, type MetricsListener } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

let t: TestApp;
let web: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  // The same database, no token, and a built SPA whose fallback answers unknown pages.
  webRoot = mkdtempSync(join(tmpdir(), 'smena-metrics-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Смена</title>');
  web = await buildApp({
    env: { ...t.env, METRICS_TOKEN: undefined },
    database: t.database,
    sms: { send: async () => {} },
    webRoot,
  });
  await web.ready();
});

afterAll(async () => {
  await web?.close();
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** Whether any label of any sample holds the text (an id, an email …). */
function inLabels(samples: Sample[], text: string): boolean {
  return samples.some((sample) => Object.values(sample.labels).some((v) => v.includes(text)));
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const response = await call(t.app, { method: 'GET', url: '/metrics', token: TOKEN });
  expect(response.statusCode).toBe(200);
  return { text: response.body, samples: parse(response.body) };
}

describe('GET /metrics on the main port', () => {
  it('answers the metrics in the Prometheus text format to the token', async () => {
    await call(t.app, { method: 'GET', url: '/api/health' });
    const response = await call(t.app, { method: 'GET', url: '/metrics', token: TOKEN });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const names = new Set(parse(response.body).map((sample) => sample.name));
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'jobs_by_state',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('answers 401 without the token, with a wrong one and with one of another length', async () => {
    for (const token of [undefined, TOKEN.replace(/.$/, 'X'), 'short']) {
      const response = await call(t.app, { method: 'GET', url: '/metrics', token });
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.data).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: expect.stringContaining('METRICS_TOKEN'),
      });
    }
    const basic = await call(t.app, {
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${TOKEN}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('answers 404 in the API’s JSON shape, not the SPA, when no token is configured', async () => {
    const page = await web.inject({ method: 'GET', url: '/employees' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);

    const response = await web.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Страница не найдена',
    });
  });
});

describe('HTTP metrics', () => {
  it('count requests by route pattern and status code, never by URL', async () => {
    const company = await createCompany(t.app);
    const before = (await scrape()).samples;
    const labels = { method: 'GET', route: '/api/v1/employees/:id', status_code: '404' };
    const countBefore = valueOf(before, 'http_requests_total', labels);

    for (let i = 0; i < 3; i++) {
      const response = await call(t.app, {
        method: 'GET',
        url: '/api/v1/employees/987654',
        token: company.admin.tokens.accessToken,
      });
      expect(response.statusCode).toBe(404);
    }

    const { text, samples } = await scrape();
    expect(valueOf(samples, 'http_requests_total', labels)).toBe(countBefore + 3);
    expect(
      valueOf(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/employees/:id',
      }),
    ).toBeGreaterThanOrEqual(3);
    // No id and no personal data in any label.
    expect(inLabels(samples, '987654')).toBe(false);
    expect(text).not.toContain(company.admin.email);
    expect(inLabels(samples, company.admin.phone)).toBe(false);
  });

  it('label requests no route matched as «unmatched»', async () => {
    const before = (await scrape()).samples;
    const labels = { method: 'GET', route: 'unmatched', status_code: '404' };
    const countBefore = valueOf(before, 'http_requests_total', labels);
    await call(t.app, { method: 'GET', url: '/api/v1/no-such-thing/marker-one' });
    await call(t.app, { method: 'GET', url: '/some/page/marker-two' });
    const { text, samples } = await scrape();
    expect(valueOf(samples, 'http_requests_total', labels)).toBe(countBefore + 2);
    expect(text).not.toContain('marker-one');
    expect(text).not.toContain('marker-two');
  });

  it('keep each app’s counters to itself', async () => {
    const response = await web.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    const own = parse(await web.metrics.scrape());
    const other = (await scrape()).samples;
    const labels = { method: 'GET', route: '/api/ready', status_code: '200' };
    expect(valueOf(own, 'http_requests_total', labels)).toBe(1);
    expect(valueOf(other, 'http_requests_total', labels)).toBe(0);
  });
});

describe('jobs metrics', () => {
  it('count the queue by state and the failed attempts by kind', async () => {
    const now = Date.now();
    await t.database.db.insert(jobs).values([
      { kind: 'metrics.test', payload: {}, runAt: new Date(now - 1_000) },
      { kind: 'metrics.test', payload: {}, runAt: new Date(now + 3_600_000) },
    ]);
    const queued = (await scrape()).samples;
    expect(valueOf(queued, 'jobs_by_state', { state: 'due' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(queued, 'jobs_by_state', { state: 'scheduled' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(queued, 'jobs_by_state', { state: 'dead' })).toBe(0);

    // The job runner reports each failed attempt here (app.ts; modules/jobs tests the call).
    t.app.metrics.jobFailed({ kind: 'metrics.test', dead: false });
    t.app.metrics.jobFailed({ kind: 'metrics.test', dead: false });
    t.app.metrics.jobFailed({ kind: 'metrics.test', dead: true });
    const failed = (await scrape()).samples;
    expect(valueOf(failed, 'jobs_failed_total', { kind: 'metrics.test', outcome: 'retry' })).toBe(
      2,
    );
    expect(valueOf(failed, 'jobs_failed_total', { kind: 'metrics.test', outcome: 'dead' })).toBe(1);
  });
});

describe('database pool metrics', () => {
  it.runIf(process.env.DATABASE_URL)('report the PostgreSQL pool', async () => {
    const { samples } = await scrape();
    expect(valueOf(samples, 'db_pool_connections_max')).toBe(5);
    expect(valueOf(samples, 'db_pool_connections_open')).toBeGreaterThanOrEqual(1);
    const names = new Set(samples.map((sample) => sample.name));
    expect(names).toContain('db_pool_connections_idle');
    expect(names).toContain('db_pool_requests_waiting');
  });

  it.runIf(!process.env.DATABASE_URL)('are absent on PGlite (no pool)', async () => {
    const { samples } = await scrape();
    expect(samples.some((sample) => sample.name.startsWith('db_pool_'))).toBe(false);
  });
});

describe('the metrics port (METRICS_PORT)', () => {
  async function fetchFrom(listener: MetricsListener, path: string, init: RequestInit = {}) {
    return fetch(`http://127.0.0.1:${listener.address.port}${path}`, init);
  }

  it('serves /metrics and nothing else', async () => {
    const listener = await listenForMetrics(t.app.metrics, {
      host: '127.0.0.1',
      port: 0,
      token: undefined,
      log: t.app.log,
    });
    try {
      const metrics = await fetchFrom(listener, '/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(parse(await metrics.text()).some((s) => s.name === 'http_requests_total')).toBe(true);

      for (const path of ['/', '/api/health', '/api/v1/auth/login', '/metrics/x', '/index.html']) {
        const response = await fetchFrom(listener, path);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      }
      const post = await fetchFrom(listener, '/metrics', { method: 'POST' });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    } finally {
      await listener.close();
    }
  });

  it('asks for METRICS_TOKEN too when one is set', async () => {
    const listener = await listenForMetrics(t.app.metrics, {
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      log: t.app.log,
    });
    try {
      expect((await fetchFrom(listener, '/metrics')).status).toBe(401);
      const ok = await fetchFrom(listener, '/metrics', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(ok.status).toBe(200);
    } finally {
      await listener.close();
    }
  });
});

describe('metrics settings', () => {
  it('are off unless configured, the port on loopback', () => {
    const env = parseEnv({});
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.METRICS_PORT).toBeUndefined();
    expect(env.METRICS_HOST).toBe('127.0.0.1');
  });

  it('refuse a short token and the main port as the metrics port', () => {
    const problems = (source: Record<string, string>) => {
      try {
        parseEnv(source);
        return [];
      } catch (error) {
        return (error as EnvError).problems;
      }
    };
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN: /),
    ]);
    expect(problems({ PORT: '3000', METRICS_PORT: '3000' })).toEqual([
      expect.stringMatching(/^METRICS_PORT: must differ from PORT/),
    ]);
    expect(problems({ PORT: '3000', METRICS_PORT: '9464' })).toEqual([]);
  });
});
