import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freePort } from './cluster.ts';
import {
  createDatabase,
  type FaultCompany,
  request,
  setUpCompany,
  skipReason,
  throwawayCluster,
} from './api.ts';
import { findNginx, NginxProcess } from './nginx.ts';
import { ServerProcess } from './server-process.ts';

/**
 * A rolling restart behind nginx loses nothing: two instances on one PostgreSQL behind the nginx
 * configuration docs/operations.md recommends, clients writing checks and reading through nginx,
 * and each instance stopped with SIGTERM (exit 0) and started again, one after the other. Every
 * request must succeed — none refused, reset or answered 5xx — and the checks in the database
 * must be exactly the acknowledged ones.
 */
const nginxBin = findNginx();
const skip =
  skipReason ?? (nginxBin ? undefined : 'nginx is not installed (apt-get install nginx-light)');

const CLIENTS = 6;
const HOUR = 3_600_000;
const DEADLINE_MS = 110_000;
/** Load before, between and after the restarts. */
const SETTLE_MS = 2_000;

describe.skipIf(skip)('a rolling restart of two instances behind nginx', () => {
  let databaseUrl: string;
  let instances: ServerProcess[];
  let nginx: NginxProcess;
  let company: FaultCompany;

  beforeAll(async () => {
    databaseUrl = await createDatabase(throwawayCluster(), 'faults_rolling');
    const env = {
      SHUTDOWN_DELAY_SECONDS: '5',
      SHUTDOWN_GRACE_SECONDS: '30',
      TRUST_PROXY: '127.0.0.1',
    };
    instances = [
      new ServerProcess(databaseUrl, await freePort(), env),
      new ServerProcess(databaseUrl, await freePort(), env),
    ];
    // Both at once on the empty database: the start-up lock lets both come up.
    await Promise.all(instances.map((instance) => instance.start()));
    nginx = new NginxProcess(
      nginxBin!,
      await freePort(),
      instances.map((instance) => instance.port),
    );
    await nginx.start();
    company = await setUpCompany(nginx.baseUrl, CLIENTS);
  });

  afterAll(async () => {
    await nginx?.stop();
    for (const instance of instances ?? []) await instance.stop();
  });

  it('fails no request and keeps exactly the acknowledged writes', async () => {
    const deadline = Date.now() + DEADLINE_MS;
    const figures = { requests: 0, writes: 0, reads: 0 };
    const failures: string[] = [];
    const acknowledged = new Set<number>();
    let running = true;

    async function client(index: number): Promise<void> {
      const employeeId = company.employeeIds[index]!;
      const base = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
      for (let j = 0; running && Date.now() < deadline; j++) {
        const checkIn = base - (j + 1) * 2 * HOUR;
        figures.requests++;
        try {
          const answer = await request(nginx.baseUrl, 'POST', '/api/v1/checks/create', {
            headers: { 'x-api-key': company.apiKey, 'idempotency-key': `rolling-${index}-${j}` },
            body: {
              employeeId,
              branchId: company.branchId,
              checkInDateTime: new Date(checkIn).toISOString(),
              checkOutDateTime: new Date(checkIn + HOUR).toISOString(),
            },
            timeoutMs: 20_000,
          });
          if (answer.status === 201) {
            figures.writes++;
            acknowledged.add(answer.data.id);
          } else failures.push(`POST ${answer.status} ${JSON.stringify(answer.data)}`);
        } catch (error) {
          failures.push(`POST ${(error as Error).message}`);
        }
        figures.requests++;
        try {
          const answer = await request(nginx.baseUrl, 'GET', '/api/v1/profile', {
            token: company.token,
            timeoutMs: 20_000,
          });
          if (answer.status === 200) figures.reads++;
          else failures.push(`GET ${answer.status} ${JSON.stringify(answer.data)}`);
        } catch (error) {
          failures.push(`GET ${(error as Error).message}`);
        }
      }
    }

    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
    const exitCodes: (number | null)[] = [];
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    const started = Date.now();
    await sleep(SETTLE_MS);
    for (const instance of instances) {
      exitCodes.push(await instance.stop());
      await instance.start();
      await sleep(SETTLE_MS);
    }
    running = false;
    await load;
    const elapsed = Date.now() - started;

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(
      'select id from checks where employee_id = any($1)',
      [company.employeeIds],
    );
    await db.end();
    const stored = new Set(rows.map((row) => Number(row.id)));

    console.info(
      `rolling restart: ${figures.requests} requests in ${(elapsed / 1000).toFixed(1)} s ` +
        `(${figures.writes} checks written, ${figures.reads} reads), ${failures.length} failed; ` +
        `exit codes ${exitCodes.join(', ')}; ${stored.size} checks stored`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(exitCodes).toEqual([0, 0]);
    expect(figures.writes).toBeGreaterThan(50);
    expect([...stored].sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
  });
});
