import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@smena/contract';
import type { ThrowawayCluster } from './cluster.ts';
import { freePort } from './cluster.ts';
import {
  createDatabase,
  type FaultCompany,
  request,
  setUpCompany,
  skipReason,
  throwawayCluster,
} from './api.ts';
import { ServerProcess } from './server-process.ts';

/**
 * PostgreSQL stopped (`pg_ctl stop -m fast`, as an operator's restart does) under a steady light
 * load, and started again a few seconds later. While it is away every answer that needs it is
 * 503 with Retry-After — never another 5xx, never a hang — /api/ready is 503, and once it is back
 * the same server process answers again by itself.
 */
const CLIENTS = 4;
const STEADY_MS = 2_000;
const OUTAGE_MS = 4_000;
const AFTER_MS = 2_000;
/** No answer may take longer (the pool waits at most 5 s for a connection). */
const MAX_ANSWER_MS = 10_000;
/** Once PostgreSQL accepts connections again, the server must answer within this. */
const MAX_RECOVERY_MS = 10_000;

type Sample = {
  path: string;
  sentAt: number;
  ms: number;
  status: number | 'network-error';
  code?: string;
  retryAfter: string | null;
};

describe.skipIf(skipReason)('PostgreSQL restarted under load', () => {
  let cluster: ThrowawayCluster;
  let server: ServerProcess;
  let company: FaultCompany;

  beforeAll(async () => {
    cluster = throwawayCluster();
    server = new ServerProcess(await createDatabase(cluster, 'faults_restart'), await freePort());
    await server.start();
    company = await setUpCompany(server.baseUrl, 2);
  });

  afterAll(async () => {
    await server?.stop();
    // Leave the cluster running for the global teardown, whatever happened here.
    if (cluster && !cluster.postmasterPid()) await cluster.start();
  });

  it('answers 503 with Retry-After while it is away and recovers without a restart', async () => {
    const samples: Sample[] = [];
    let running = true;
    let punch = 0;
    const pid = server.pid;

    /** A person's read (the session lookup first), an integration's write, and readiness. */
    const requests: (() => { path: string; send: () => ReturnType<typeof request> })[] = [
      () => ({
        path: 'GET /api/v1/profile',
        send: () =>
          request(server.baseUrl, 'GET', '/api/v1/profile', {
            token: company.token,
            timeoutMs: 30_000,
          }),
      }),
      () => {
        const n = punch++;
        const checkIn = Date.now() - 24 * 3_600_000 - n * 120_000;
        return {
          path: 'POST /api/v1/checks/create',
          send: () =>
            request(server.baseUrl, 'POST', '/api/v1/checks/create', {
              headers: { 'x-api-key': company.apiKey, 'idempotency-key': `restart-${n}` },
              body: {
                employeeId: company.employeeIds[n % company.employeeIds.length],
                branchId: company.branchId,
                checkInDateTime: new Date(checkIn).toISOString(),
                checkOutDateTime: new Date(checkIn + 60_000).toISOString(),
              },
              timeoutMs: 30_000,
            }),
        };
      },
      () => ({
        path: 'GET /api/ready',
        send: () => request(server.baseUrl, 'GET', '/api/ready', { timeoutMs: 30_000 }),
      }),
    ];

    async function client(index: number): Promise<void> {
      for (let turn = index; running; turn++) {
        const { path, send } = requests[turn % requests.length]!();
        const sentAt = Date.now();
        try {
          const answer = await send();
          samples.push({
            path,
            sentAt,
            ms: Date.now() - sentAt,
            status: answer.status,
            code: answer.data?.code,
            retryAfter: answer.headers.get('retry-after'),
          });
        } catch {
          samples.push({
            path,
            sentAt,
            ms: Date.now() - sentAt,
            status: 'network-error',
            retryAfter: null,
          });
        }
        await new Promise((done) => setTimeout(done, 50));
      }
    }

    const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    await new Promise((done) => setTimeout(done, STEADY_MS));
    const stoppedAt = Date.now();
    await cluster.stop('fast');
    const downAt = Date.now();
    await new Promise((done) => setTimeout(done, OUTAGE_MS));
    await cluster.start();
    const startedAt = Date.now();
    // Wait for the first success sent after PostgreSQL is back, then a little more load.
    const recoveryDeadline = startedAt + MAX_RECOVERY_MS + MAX_ANSWER_MS;
    while (
      Date.now() < recoveryDeadline &&
      !samples.some(
        (s) => s.sentAt >= startedAt && s.status === 200 && s.path.startsWith('GET /api/v1'),
      )
    ) {
      await new Promise((done) => setTimeout(done, 100));
    }
    await new Promise((done) => setTimeout(done, AFTER_MS));
    running = false;
    await load;

    const before = samples.filter((s) => s.sentAt + s.ms < stoppedAt);
    // Sent while PostgreSQL was surely down (pg_ctl start returns a moment after it listens).
    const during = samples.filter((s) => s.sentAt >= downAt && s.sentAt < startedAt - 1_000);
    const unavailable = samples.filter((s) => s.status === 503);
    const other5xx = samples.filter(
      (s) => typeof s.status === 'number' && s.status >= 500 && s.status !== 503,
    );
    const networkErrors = samples.filter((s) => s.status === 'network-error');
    const slowest = Math.max(...samples.map((s) => s.ms));
    const firstSuccessAfter = samples
      .filter((s) => s.sentAt >= startedAt && s.status === 200 && s.path.startsWith('GET /api/v1'))
      .map((s) => s.sentAt + s.ms)
      .sort((a, b) => a - b)[0];
    const readyDuring = during.filter((s) => s.path === 'GET /api/ready');
    const readyAfter = samples.filter(
      (s) => s.path === 'GET /api/ready' && s.sentAt >= (firstSuccessAfter ?? Infinity),
    );

    console.info(
      [
        'PostgreSQL restarted under load:',
        `  requests ${samples.length}: ${before.length} answered before the stop, ${during.length} sent during the ${((startedAt - stoppedAt) / 1000).toFixed(1)} s outage`,
        `  503 ${unavailable.length} (with Retry-After ${unavailable.filter((s) => s.retryAfter).length}), other 5xx ${other5xx.length}, network errors ${networkErrors.length}`,
        `  slowest answer ${slowest} ms; /api/ready during the outage: ${[...new Set(readyDuring.map((s) => s.status))].join(', ')}`,
        `  back ${firstSuccessAfter === undefined ? 'never' : `${firstSuccessAfter - startedAt} ms`} after PostgreSQL started; server PID ${pid} → ${server.pid}`,
      ].join('\n'),
    );
    if (other5xx.length > 0 || networkErrors.length > 0) {
      console.info(server.tail(10).replace(/^(.{400}).+$/gm, '$1…'));
    }

    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.status === 200 || s.status === 201)).toBe(true);
    expect(other5xx).toEqual([]);
    expect(networkErrors).toEqual([]);
    expect(during.every((s) => s.status === 503)).toBe(true);
    expect(slowest).toBeLessThan(MAX_ANSWER_MS);
    // While PostgreSQL was away: 503 SERVICE_UNAVAILABLE with Retry-After, readiness included.
    expect(unavailable.length).toBeGreaterThan(0);
    for (const sample of unavailable) {
      expect(sample.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
      expect(Number(sample.retryAfter)).toBeGreaterThan(0);
    }
    expect(readyDuring.length).toBeGreaterThan(0);
    expect(readyDuring.every((s) => s.status === 503)).toBe(true);
    // And back by itself: the same process, answering again soon after PostgreSQL.
    expect(server.pid).toBe(pid);
    expect(server.isRunning()).toBe(true);
    expect(firstSuccessAfter).toBeDefined();
    expect(firstSuccessAfter! - startedAt).toBeLessThan(MAX_RECOVERY_MS);
    expect(readyAfter.length).toBeGreaterThan(0);
    expect(readyAfter.every((s) => s.status === 200)).toBe(true);
    const writesAfter = samples.filter(
      (s) => s.path === 'POST /api/v1/checks/create' && s.sentAt >= firstSuccessAfter!,
    );
    expect(writesAfter.length).toBeGreaterThan(0);
    expect(writesAfter.every((s) => s.status === 201)).toBe(true);
  });
});
