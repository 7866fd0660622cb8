import {
  closeSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process per PGlite data directory. PGlite is PostgreSQL compiled into this process, with no
 * server to arbitrate: two processes on one directory both start and each overwrites the other's
 * writes. So the directory holds `smena.pid` (like PostgreSQL's postmaster.pid): created
 * exclusively, it names the process that has the directory; a second process refuses to start
 * and names the first. A file left by a process that died (kill -9, power loss) is taken over
 * when that process no longer runs on this host; written on another host (a volume shared by
 * containers, where the PID says nothing here), when its owner has not touched it — every 10 s —
 * for 30 s.
 */
export const LOCK_FILE_NAME = 'smena.pid';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: { pid: number; host: string },
  ) {
    super(
      `Каталог данных ${dataDir} уже открыт другим процессом Smena (PID ${owner.pid} на ${owner.host}). ` +
        `Остановите его или укажите другой DATA_DIR; для нескольких экземпляров нужна PostgreSQL (DATABASE_URL). / ` +
        `The data directory ${dataDir} is in use by another Smena process (PID ${owner.pid} on ${owner.host}). ` +
        `Stop it or choose another DATA_DIR; several instances need PostgreSQL (DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

type Owner = { pid: number; host: string };

const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 30_000;

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Whether the process named in the file still holds the directory. */
function isHeld(path: string, owner: Owner | null): boolean {
  if (owner === null) return ageMs(path) < 1_000; // being written this very moment
  if (owner.host === hostname()) {
    // A reused PID (a restarted container's PID 1) is ours now.
    return owner.pid !== process.pid && isRunning(owner.pid);
  }
  return ageMs(path) < STALE_AFTER_MS;
}

function readOwner(path: string): Owner | null {
  try {
    const [pid, host] = readFileSync(path, 'utf8').split('\n');
    const parsed = Number(pid);
    return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed, host: host ?? '' } : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The directories this process holds (a second open of one refuses as another process's would). */
const heldHere = new Set<string>();

/**
 * Writes this process into the lock file again: loading a tarball of a directory that was in use
 * (a backup, db/backup.ts) unpacks its owner's smena.pid over ours. The caller holds the lock.
 */
export function reclaimDataDirLock(dataDir: string): void {
  const path = join(dataDir, LOCK_FILE_NAME);
  if (!heldHere.has(path)) throw new Error(`The data directory ${dataDir} is not locked here`);
  writeFileSync(path, `${process.pid}\n${hostname()}\n`);
}

/** Takes the directory for this process; returns the release (also done on exit). */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(path)) {
    throw new DataDirLockedError(dataDir, { pid: process.pid, host: hostname() });
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      if (isHeld(path, owner)) {
        throw new DataDirLockedError(dataDir, owner ?? { pid: 0, host: 'неизвестно' });
      }
      // Stale (its process is gone) or unreadable half-written: take it over.
      try {
        unlinkSync(path);
      } catch {
        // another process removed it first: try again
      }
      continue;
    }
    writeSync(fd, `${process.pid}\n${hostname()}\n`);
    closeSync(fd);
    heldHere.add(path);
    let released = false;
    const heartbeat = setInterval(() => {
      try {
        const now = new Date();
        utimesSync(path, now, now);
      } catch {
        // the directory went away: nothing to keep
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const release = () => {
      if (released) return;
      released = true;
      heldHere.delete(path);
      clearInterval(heartbeat);
      process.off('exit', release);
      if (readOwner(path)?.pid === process.pid) {
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      }
    };
    process.on('exit', release);
    return release;
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
