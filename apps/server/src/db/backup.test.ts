import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SUPERADMIN } from '../../test/test-constants.ts';
import {
  backupFileName,
  listBackups,
  pruneBackups,
  startBackupSchedule,
  writeBackup,
} from './backup.ts';
import { openDatabase, type Database } from './client.ts';
import { LOCK_FILE_NAME } from './data-dir-lock.ts';
import { prepareDatabase } from './prepare.ts';

const run = promisify(execFile);
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Contents of a few tables, row by row in key order: equal digests, equal tables. */
const CHECKED_TABLES = ['users', 'countries', 'plans'] as const;

async function digest(database: Database) {
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const table of CHECKED_TABLES) {
    const answer = await database.db.execute(
      sql.raw(
        `select count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5 from ${table} t`,
      ),
    );
    result[table] = (answer as unknown as { rows: { rows: number; md5: string }[] }).rows[0]!;
  }
  return result;
}

/** A data directory with the migrated template in it (or migrated here, on a PostgreSQL run). */
async function openDataDir(dataDir: string): Promise<Database> {
  const dumpPath = process.env.SMENA_TEST_PGLITE_DUMP;
  if (dumpPath) {
    return openDatabase({
      kind: 'pglite',
      dataDir,
      loadDataDir: new Blob([readFileSync(dumpPath)]),
    });
  }
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await prepareDatabase(database, TEST_SUPERADMIN);
  return database;
}

/** PGlite answers in microtasks: a loop of queries would otherwise starve every timer. */
const yieldToTimers = () => new Promise((done) => setImmediate(done));

function restoreCli(backup: string, target: string) {
  return run(process.execPath, ['--import', 'tsx', 'src/db/restore-cli.ts', backup, target], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
  });
}

describe('PGlite backups', () => {
  let folder: string;
  let database: Database;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'smena-backup-'));
    database = await openDataDir(join(folder, 'data'));
    await database.db.execute(
      sql`create table backup_probe (id serial primary key, batch int not null, payload text not null)`,
    );
    await database.db.execute(
      sql`insert into backup_probe (batch, payload) select g, md5(g::text) from generate_series(1, 5000) g`,
    );
  });

  afterAll(async () => {
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('takes a backup while queries run that restores into a fresh directory with equal tables', async () => {
    const before = await digest(database);
    for (const table of CHECKED_TABLES) expect(before[table]?.rows, table).toBeGreaterThan(0);
    // Writers keep going during the backup: each transaction adds two rows of one batch, and
    // readers read. The backup must hold whole transactions only.
    let writing = true;
    let batch = 100_000;
    const writers = Array.from({ length: 3 }, async () => {
      let written = 0;
      while (writing) {
        const id = batch++;
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into backup_probe (batch, payload) values (${id}, 'a')`);
          await tx.execute(sql`select count(*) from backup_probe`);
          await tx.execute(sql`insert into backup_probe (batch, payload) values (${id}, 'b')`);
        });
        written++;
        await yieldToTimers();
      }
      return written;
    });
    const reader = (async () => {
      let reads = 0;
      while (writing) {
        await database.db.execute(sql`select count(*) from users`);
        reads++;
        await yieldToTimers();
      }
      return reads;
    })();
    await new Promise((done) => setTimeout(done, 200));
    const backupDir = join(folder, 'backups');
    const result = await writeBackup(database, backupDir);
    await new Promise((done) => setTimeout(done, 200));
    writing = false;
    const written = (await Promise.all(writers)).reduce((a, b) => a + b, 0);
    expect(written).toBeGreaterThan(0);
    expect(await reader).toBeGreaterThan(0);

    expect(result.file.name).toMatch(/^smena-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
    expect(statSync(result.file.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(backupDir)).toEqual([result.file.name]);

    const target = join(folder, 'restored');
    const { stdout } = await restoreCli(result.file.path, target);
    expect(stdout).toContain(`DATA_DIR=${target}`);
    // The lock file came back with the tarball; the restore must not leave it naming this process.
    expect(existsSync(join(target, LOCK_FILE_NAME))).toBe(false);

    const restored = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      const after = await digest(restored);
      expect(after).toEqual(before);
      // Rows written before the backup are all there; of the concurrent ones, whole transactions.
      const answer = await restored.db.execute(
        sql`select count(*) filter (where batch <= 5000)::int as seeded,
                   count(*) filter (where batch > 5000)::int as concurrent,
                   count(*) filter (where batch > 5000 and n <> 2)::int as torn
              from (select batch, count(*) over (partition by batch) as n from backup_probe) t`,
      );
      const probe = (
        answer as unknown as { rows: { seeded: number; concurrent: number; torn: number }[] }
      ).rows[0]!;
      expect(probe.seeded).toBe(5000);
      expect(probe.torn).toBe(0);
      expect(probe.concurrent % 2).toBe(0);
      expect(probe.concurrent).toBeLessThanOrEqual(written * 2);
    } finally {
      await restored.close();
    }
  }, 90_000);

  it('refuses to restore into a directory that is not empty', async () => {
    const target = join(folder, 'not-empty');
    mkdirSync(target);
    writeFileSync(join(target, 'PG_VERSION'), '18\n');
    const backup = join(folder, 'any.tar.gz');
    writeFileSync(backup, 'not a backup');
    const failure = await restoreCli(backup, target).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('не пуст');
    expect(readdirSync(target)).toEqual(['PG_VERSION']);
  });

  it('keeps the newest BACKUP_KEEP backups and deletes the oldest', async () => {
    const dir = join(folder, 'retention');
    mkdirSync(dir);
    const hour = 60 * 60_000;
    const start = Date.UTC(2026, 0, 1, 0, 0, 0);
    const names = Array.from({ length: 5 }, (_, i) => backupFileName(new Date(start + i * hour)));
    for (const name of names) writeFileSync(join(dir, name), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');

    expect(pruneBackups(dir, 3)).toEqual(names.slice(0, 2));
    expect(listBackups(dir).map((backup) => backup.name)).toEqual(names.slice(2));
    expect(readdirSync(dir)).toContain('notes.txt');
  });

  it('backs up on start when the newest backup is overdue, then waits an interval', async () => {
    const dir = join(folder, 'schedule');
    mkdirSync(dir);
    const old = backupFileName(new Date(Date.now() - 25 * 60 * 60_000));
    writeFileSync(join(dir, old), 'x');
    const schedule = startBackupSchedule({
      database,
      dir,
      intervalHours: 24,
      keep: 1,
      log: pino({ level: 'silent' }),
    });
    try {
      // Due now: the timer fires at once; wait for the file.
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && listBackups(dir)[0]?.name === old)
        await new Promise((done) => setTimeout(done, 100));
      const backups = listBackups(dir);
      expect(backups).toHaveLength(1);
      expect(backups[0]!.name).not.toBe(old);
      await new Promise((done) => setTimeout(done, 50));
      const next = schedule.nextAt()!.getTime() - Date.now();
      expect(next).toBeGreaterThan(23 * 60 * 60_000);
    } finally {
      await schedule.stop();
    }
  });

  it('logs a failed backup without stopping, and tries again an interval later', async () => {
    // A file where the folder should be: the backup cannot be written.
    const dir = join(folder, 'blocked');
    writeFileSync(dir, 'not a folder');
    const lines: string[] = [];
    const schedule = startBackupSchedule({
      database,
      dir,
      intervalHours: 6,
      keep: 7,
      log: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    });
    try {
      expect(await schedule.backupNow('signal')).toBeNull();
      const errors = lines.map((line) => JSON.parse(line)).filter((line) => line.level === 50);
      expect(errors.map((line) => line.msg)).toContain(
        'backup failed; the next one is tried on schedule',
      );
      const next = schedule.nextAt()!.getTime() - Date.now();
      expect(next).toBeGreaterThan(5.9 * 60 * 60_000);
      // The database still answers.
      await database.db.execute(sql`select 1`);
    } finally {
      await schedule.stop();
    }
  });

  it('does not back up on start when the newest backup is recent', async () => {
    const dir = join(folder, 'recent');
    mkdirSync(dir);
    const takenAt = new Date(Date.now() - 60 * 60_000);
    writeFileSync(join(dir, backupFileName(takenAt)), 'x');
    const schedule = startBackupSchedule({
      database,
      dir,
      intervalHours: 24,
      keep: 7,
      log: pino({ level: 'silent' }),
    });
    try {
      expect(
        Math.abs(schedule.nextAt()!.getTime() - (takenAt.getTime() + 24 * 60 * 60_000)),
      ).toBeLessThan(1000);
      expect(listBackups(dir)).toHaveLength(1);
    } finally {
      await schedule.stop();
    }
  });
});
