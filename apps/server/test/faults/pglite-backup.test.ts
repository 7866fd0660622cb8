import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBackups } from '../../src/db/backup.ts';
import { freePort } from './cluster.ts';
import { type FaultCompany, request, setUpCompany } from './api.ts';
import { FAULTS_SUPERADMIN, ServerProcess } from './server-process.ts';

const run = promisify(execFile);
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The issue's check, end to end and with no PostgreSQL: a server on PGlite backs up while it
 * serves (on start, then on SIGUSR2), `npm run restore`'s CLI restores the newest backup into a
 * fresh directory, a second server starts on it — while the first still runs — and the super
 * admin and the company's admin read there what they read on the first.
 */
describe('PGlite backup, restore into a fresh directory, start', () => {
  let folder: string;
  let original: ServerProcess;
  let restored: ServerProcess | undefined;
  let company: FaultCompany;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'smena-faults-backup-'));
    original = new ServerProcess('', await freePort(), {
      DATA_DIR: join(folder, 'data'),
      BACKUP_DIR: join(folder, 'backups'),
    });
    await original.start();
  });

  afterAll(async () => {
    await restored?.stop();
    await original?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  async function waitForBackups(count: number): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (listBackups(join(folder, 'backups')).length < count) {
      if (Date.now() > deadline)
        throw new Error(`no backup number ${count} within 60 s:\n${original.tail()}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  async function superAdminToken(baseUrl: string): Promise<string> {
    const answer = await request(baseUrl, 'POST', '/api/v1/auth/login', {
      body: { email: FAULTS_SUPERADMIN.email, password: FAULTS_SUPERADMIN.password },
    });
    expect(answer.status).toBe(200);
    return answer.data.accessToken as string;
  }

  /** What the super admin and the company's admin see. */
  async function readAll(baseUrl: string) {
    const token = await superAdminToken(baseUrl);
    const read = async (path: string, as: string) => {
      const answer = await request(baseUrl, 'GET', path, { token: as });
      expect(answer.status, path).toBe(200);
      return answer.data as unknown;
    };
    return {
      companies: await read('/api/v1/admin/companies', token),
      employees: await read('/api/v1/employees', company.token),
      branches: await read('/api/v1/branches', company.token),
      apiKeys: await read('/api/v1/api-keys', company.token),
    };
  }

  it('restores a backup taken while the server runs, and a server started on it reads the same data', async () => {
    // The folder had no backup: one is taken right after the start.
    await waitForBackups(1);

    company = await setUpCompany(original.baseUrl, 4);
    const before = await readAll(original.baseUrl);
    expect(JSON.stringify(before.employees)).toContain('Сменов3');

    // SIGUSR2 while requests keep coming.
    let reading = true;
    const load = (async () => {
      let answered = 0;
      while (reading) {
        const answer = await request(original.baseUrl, 'GET', '/api/v1/employees', {
          token: company.token,
        });
        expect(answer.status).toBe(200);
        answered++;
      }
      return answered;
    })();
    process.kill(original.pid!, 'SIGUSR2');
    await waitForBackups(2);
    reading = false;
    expect(await load).toBeGreaterThan(0);
    expect(original.isRunning()).toBe(true);

    const newest = listBackups(join(folder, 'backups')).at(-1)!;
    const target = join(folder, 'restored');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/db/restore-cli.ts', newest.path, target],
      { cwd: serverDir, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' } },
    );
    expect(stdout).toContain('компаний / companies 1');

    restored = new ServerProcess('', await freePort(), { DATA_DIR: target });
    await restored.start();
    expect(await readAll(restored.baseUrl)).toEqual(before);
  });
});
