import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

/**
 * Backups of the PGlite data directory while the app runs (decision 020). A backup is a gzipped
 * tarball of the data directory, read between two transactions (client.ts, `dumpDataDir`), so it
 * opens like a database that was stopped cleanly at that moment. The restore is restore-cli.ts.
 * PostgreSQL is backed up with pg_dump (docs/operations.md).
 */

const NAME_PATTERN = /^smena-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;
const TEMP_SUFFIX = '.tmp';
/** A temporary file this old was left by a process that died while writing it. */
const STALE_TEMP_MS = 24 * 60 * 60_000;

export type BackupFile = { name: string; path: string; takenAt: Date };

/** `smena-2026-11-26T03-10-28Z.tar.gz`: sorts by time, and no colons (Windows, scp). */
export function backupFileName(at: Date): string {
  return `smena-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;
}

/** The backups in the folder, oldest first (other files are not ours and are left alone). */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const match = NAME_PATTERN.exec(name);
      if (!match) return [];
      const takenAt = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
      return Number.isNaN(takenAt.getTime()) ? [] : [{ name, path: join(dir, name), takenAt }];
    })
    .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.name.localeCompare(b.name));
}

export type BackupResult = { file: BackupFile; bytes: number; pausedMs: number; totalMs: number };

/**
 * Writes one backup into `dir`: a checkpoint (the tarball then needs no WAL replay to open), the
 * tarball taken between transactions (queries wait only for this), then gzip into a temporary
 * file readable by the owner only (it holds personal data and secrets), flushed to disk and
 * renamed — a backup file is whole or absent.
 */
export async function writeBackup(
  database: Database,
  dir: string,
  now: Date = new Date(),
): Promise<BackupResult> {
  if (database.kind !== 'pglite' || !database.dumpDataDir) {
    throw new Error('Backups of the data directory are for PGlite; use pg_dump for PostgreSQL');
  }
  const started = performance.now();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = backupFileName(now);
  const path = join(dir, name);
  const temp = join(dir, `.${name}.${process.pid}${TEMP_SUFFIX}`);
  await database.db.execute(sql`checkpoint`);
  const pauseStarted = performance.now();
  const tarball = await database.dumpDataDir();
  const pausedMs = performance.now() - pauseStarted;
  try {
    await pipeline(
      Readable.fromWeb(tarball.stream() as WebReadableStream<Uint8Array>),
      createGzip(),
      createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
    );
    const handle = await open(temp, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    await syncDir(dir);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return {
    file: { name, path, takenAt: new Date(Math.floor(now.getTime() / 1000) * 1000) },
    bytes: statSync(path).size,
    pausedMs,
    totalMs: performance.now() - started,
  };
}

/** The rename survives a power loss only once the folder itself is flushed (not on Windows). */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported here: the file itself is on disk.
  }
}

/** Deletes the oldest backups beyond `keep`, and temporary files left by a crash; the names removed. */
export function pruneBackups(dir: string, keep: number, now: Date = new Date()): string[] {
  const backups = listBackups(dir);
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((backup) => {
    rmSync(backup.path, { force: true });
    return backup.name;
  });
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('.smena-') || !name.endsWith(TEMP_SUFFIX)) continue;
    const path = join(dir, name);
    try {
      if (now.getTime() - statSync(path).mtimeMs > STALE_TEMP_MS) {
        rmSync(path, { force: true });
        removed.push(name);
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return removed;
}

export type BackupScheduleOptions = {
  database: Database;
  dir: string;
  intervalHours: number;
  keep: number;
  log: FastifyBaseLogger;
};

export type BackupSchedule = {
  /** Takes a backup now (SIGUSR2), after the one under way if any. */
  backupNow: (reason: 'schedule' | 'signal') => Promise<BackupResult | null>;
  /** When the next scheduled backup is due. */
  nextAt: () => Date | null;
  /** No more backups; waits for the one running (the database must not close under it). */
  stop: () => Promise<void>;
};

/**
 * Every `intervalHours` after the newest backup in the folder: a start finds when the last one
 * was taken, so restarts neither skip backups nor take one each time; a folder with none, or
 * whose newest is overdue, gets one right after the start. A backup on demand moves the next
 * scheduled one an interval later. A failure is logged and tried again at the next time; it
 * never stops the server.
 */
export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { database, keep, log } = options;
  const dir = resolve(options.dir);
  const intervalMs = options.intervalHours * 60 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let due: Date | null = null;
  let running: Promise<BackupResult | null> | null = null;
  let stopped = false;

  function schedule(at: Date): void {
    clearTimeout(timer);
    if (stopped) return;
    due = at;
    // At most an interval away: a newest backup dated in the future (a clock set back) waits no longer.
    const delayMs = Math.min(Math.max(0, at.getTime() - Date.now()), intervalMs);
    timer = setTimeout(() => void backupNow('schedule'), delayMs);
    // The server's listener keeps the process alive; a pending backup must not.
    timer.unref();
  }

  async function run(reason: 'schedule' | 'signal'): Promise<BackupResult | null> {
    try {
      const result = await writeBackup(database, dir);
      const removed = pruneBackups(dir, keep);
      log.info(
        {
          reason,
          file: result.file.name,
          bytes: result.bytes,
          pausedMs: Math.round(result.pausedMs),
          totalMs: Math.round(result.totalMs),
          removed,
        },
        'backup written',
      );
      return result;
    } catch (error) {
      // The error's message only (serializeError): no rows, no parameters.
      log.error({ reason, dir, err: error }, 'backup failed; the next one is tried on schedule');
      return null;
    } finally {
      schedule(new Date(Date.now() + intervalMs));
    }
  }

  function backupNow(reason: 'schedule' | 'signal'): Promise<BackupResult | null> {
    if (stopped) return Promise.resolve(null);
    // The schedule joins a backup under way; a signal asks for one that holds everything up to
    // now, so it is taken after the one under way (which may have read the files already).
    if (running && reason === 'schedule') return running;
    const next: Promise<BackupResult | null> = (running ?? Promise.resolve(null))
      .then(() => (stopped ? null : run(reason)))
      .finally(() => {
        if (running === next) running = null;
      });
    running = next;
    return next;
  }

  let newest: BackupFile | undefined;
  try {
    newest = listBackups(dir).at(-1);
  } catch (error) {
    log.error({ dir, err: error }, 'cannot read the backup folder; a backup is tried now');
  }
  const firstAt = newest ? new Date(newest.takenAt.getTime() + intervalMs) : new Date();
  schedule(firstAt);
  log.info(
    { dir, intervalHours: options.intervalHours, keep, nextAt: firstAt.toISOString() },
    'backups on',
  );

  return {
    backupNow,
    nextAt: () => due,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      due = null;
      await running;
    },
  };
}
