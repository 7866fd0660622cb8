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
import { ServerProcess } from './server-process.ts';

/**
 * `kill -9` of the server in the middle of an integration's check load. Every logical punch (a
 * check with its own Idempotency-Key) is sent by a client that repeats the same request — same
 * key, same body — after a network error or a 5xx until it gets 201, as the API asks devices to
 * do. After the crash and a restart, each punch must be exactly one row: none lost, none doubled.
 */
const EMPLOYEES = 6;
const PUNCHES_PER_EMPLOYEE = 40;
const CLIENTS = 8;
const HOUR = 3_600_000;
/** Kill once this share of the punches has been answered. */
const KILL_AT = 0.35;
const DEADLINE_MS = 90_000;

type Punch = { key: string; employeeId: number; checkIn: string; checkOut: string };

describe.skipIf(skipReason)('kill -9 of the server under idempotent check load', () => {
  let server: ServerProcess;
  let databaseUrl: string;
  let company: FaultCompany;

  beforeAll(async () => {
    databaseUrl = await createDatabase(throwawayCluster(), 'faults_crash');
    server = new ServerProcess(databaseUrl, await freePort());
    await server.start();
    company = await setUpCompany(server.baseUrl, EMPLOYEES);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('loses no punch and doubles none', async () => {
    // Past, one-hour checks two hours apart: no two punches of an employee overlap.
    const base = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    const punches: Punch[] = company.employeeIds.flatMap((employeeId, e) =>
      Array.from({ length: PUNCHES_PER_EMPLOYEE }, (_, j) => {
        const checkIn = base - (j + 1) * 2 * HOUR;
        return {
          key: `crash-${e}-${j}`,
          employeeId,
          checkIn: new Date(checkIn).toISOString(),
          checkOut: new Date(checkIn + HOUR).toISOString(),
        };
      }),
    );
    // Interleave employees, as turnstiles report people in the order they pass.
    punches.sort((a, b) =>
      a.key.split('-')[2]!.localeCompare(b.key.split('-')[2]!, 'en', { numeric: true }),
    );

    const figures = { attempts: 0, retries: 0, networkErrors: 0, answers5xx: 0, other4xx: 0 };
    const answered = new Map<string, number>();
    /** Punches that needed more than one attempt. */
    const repeated = new Set<string>();
    let killedAt = 0;
    const refusals: string[] = [];
    const deadline = Date.now() + DEADLINE_MS;
    let next = 0;
    let killed: Promise<void> | null = null;
    let killedAfter = 0;

    async function send(punch: Punch): Promise<void> {
      for (let attempt = 0; ; attempt++) {
        if (Date.now() > deadline) throw new Error(`punch ${punch.key} never got through`);
        if (attempt > 0) {
          figures.retries++;
          repeated.add(punch.key);
          await new Promise((done) => setTimeout(done, Math.min(1_000, 100 * 2 ** attempt)));
        }
        figures.attempts++;
        try {
          const answer = await request(server.baseUrl, 'POST', '/api/v1/checks/create', {
            headers: { 'x-api-key': company.apiKey, 'idempotency-key': punch.key },
            body: {
              employeeId: punch.employeeId,
              branchId: company.branchId,
              checkInDateTime: punch.checkIn,
              checkOutDateTime: punch.checkOut,
            },
            timeoutMs: 10_000,
          });
          if (answer.status === 201) {
            answered.set(punch.key, answer.data.id);
            return;
          }
          if (answer.status >= 500) {
            figures.answers5xx++;
            continue;
          }
          // A refusal that a retry cannot fix (409 overlap would mean a lost idempotency key).
          figures.other4xx++;
          refusals.push(`${punch.key}: ${answer.status} ${JSON.stringify(answer.data)}`);
          return;
        } catch {
          figures.networkErrors++;
        }
      }
    }

    async function client(): Promise<void> {
      while (next < punches.length) {
        const punch = punches[next++]!;
        await send(punch);
        if (!killed && answered.size >= punches.length * KILL_AT) {
          killedAfter = answered.size;
          killed = (async () => {
            killedAt = Date.now();
            await server.kill9();
            // The orchestrator notices and starts a new process on the same port.
            await new Promise((done) => setTimeout(done, 500));
            await server.start();
          })();
        }
      }
    }

    const started = Date.now();
    await Promise.all(Array.from({ length: CLIENTS }, () => client()));
    await killed;
    const elapsed = Date.now() - started;

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{
      employee_id: number;
      check_in: Date;
      ids: number[];
      first_created: Date;
    }>(
      `select c.employee_id, c.check_in, array_agg(c.id order by c.id) as ids,
              min(c.created_at) as first_created
         from checks c join employees e on e.id = c.employee_id
        where e.id = any($1::int[])
        group by c.employee_id, c.check_in`,
      [company.employeeIds],
    );
    const { rows: keyRows } = await db.query<{ count: string }>(
      `select count(*) from checks where idempotency_key like 'crash-%'`,
    );
    await db.end();

    const byPunch = new Map(
      rows.map((row) => [`${row.employee_id}@${row.check_in.toISOString()}`, row.ids]),
    );
    const lost = punches.filter((p) => !byPunch.has(`${p.employeeId}@${p.checkIn}`));
    const duplicated = rows.filter((row) => row.ids.length > 1);
    const totalRows = rows.reduce((sum, row) => sum + row.ids.length, 0);
    // The answer of every punch names the one row it made (a repeat answers the same check).
    // Written before the crash, but the client never heard: the repeat was answered from the key.
    const replayed = punches.filter((p) => {
      const row = rows.find(
        (r) => r.employee_id === p.employeeId && r.check_in.toISOString() === p.checkIn,
      );
      return repeated.has(p.key) && row !== undefined && row.first_created.getTime() < killedAt;
    });
    const mismatched = punches.filter(
      (p) => byPunch.get(`${p.employeeId}@${p.checkIn}`)?.[0] !== answered.get(p.key),
    );

    console.info(
      [
        'kill -9 under idempotent check load:',
        `  punches ${punches.length} (${EMPLOYEES} employees × ${PUNCHES_PER_EMPLOYEE}), ${CLIENTS} clients`,
        `  killed after ${killedAfter} answered punches; all done in ${(elapsed / 1000).toFixed(1)} s`,
        `  requests ${figures.attempts}, retries ${figures.retries} (network errors ${figures.networkErrors}, 5xx ${figures.answers5xx}), other 4xx ${figures.other4xx}`,
        `  punches written before the crash whose answer was lost, answered again from their key: ${replayed.length}`,
        `  rows ${totalRows}, idempotency keys ${keyRows[0]!.count}, lost ${lost.length}, duplicated ${duplicated.length}`,
      ].join('\n'),
    );

    expect(refusals).toEqual([]);
    expect(answered.size).toBe(punches.length);
    // The crash happened with requests in flight: some had to be repeated.
    expect(killedAfter).toBeGreaterThan(0);
    expect(figures.networkErrors).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(duplicated).toEqual([]);
    expect(totalRows).toBe(punches.length);
    expect(Number(keyRows[0]!.count)).toBe(punches.length);
    expect(mismatched.map((p) => p.key)).toEqual([]);
  });
});
