import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  LOCK_FILE_NAME,
  STALE_AFTER_MS,
  lockDataDir,
} from './data-dir-lock.ts';
import { openDatabase } from './client.ts';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'smena-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process that stays alive until killed: the "other instance". */
function otherProcess() {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

describe('one process per PGlite data directory', () => {
  it('refuses a second holder and names the first; a released directory can be taken', () => {
    const dir = freshDir();
    const other = otherProcess();
    try {
      writeFileSync(join(dir, LOCK_FILE_NAME), `${other.pid}\n${hostnameOfThisMachine()}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`PID ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a file left by a process that died', async () => {
    const dir = freshDir();
    const other = otherProcess();
    const pid = other.pid!;
    other.kill('SIGKILL');
    await new Promise((done) => other.once('exit', done));
    writeFileSync(join(dir, LOCK_FILE_NAME), `${pid}\n${hostnameOfThisMachine()}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe(
      `${process.pid}\n${hostnameOfThisMachine()}\n`,
    );
    release();
  });

  it('trusts another host’s file while it is touched, and takes it over once stale', () => {
    const dir = freshDir();
    const path = join(dir, LOCK_FILE_NAME);
    writeFileSync(path, '4242\nanother-host\n');
    expect(() => lockDataDir(dir)).toThrow('another-host');
    const old = new Date(Date.now() - STALE_AFTER_MS - 5_000);
    utimesSync(path, old, old);
    const release = lockDataDir(dir);
    release();
    expect(() => readFileSync(path)).toThrow();
  });

  it('a second database on an open data directory refuses to open; after close it opens', async () => {
    const dir = freshDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(
      DataDirLockedError,
    );
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    await second.ping();
    await second.close();
  }, 60_000);
});

function hostnameOfThisMachine(): string {
  return os.hostname();
}
