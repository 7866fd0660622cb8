import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster for the fault tests: its own data directory under /tmp, its own
 * port, started and stopped with pg_ctl by its data directory — never the shared cluster that
 * other tests use. As root, every command runs as the `postgres` user (initdb refuses root).
 */
export type ClusterInfo = { binDir: string; dir: string; port: number };

/** Where initdb and pg_ctl are: PG_BIN_DIR, pg_config, the PATH, or Debian's newest version. */
export async function findPostgresBinDir(): Promise<string | null> {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    candidates.push(stdout.trim());
  } catch {
    // No pg_config: look further.
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(`/usr/lib/postgresql/${version}/bin`);
  }
  return (
    candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ??
    null
  );
}

/** The uid and gid of `postgres` when running as root (initdb and postgres refuse root). */
async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** Why the fault tests cannot run here, or null when they can. */
export async function whyClusterUnavailable(): Promise<string | null> {
  if (!(await findPostgresBinDir())) {
    return 'initdb and pg_ctl were not found (install PostgreSQL, or set PG_BIN_DIR)';
  }
  if (process.getuid?.() === 0) {
    try {
      await postgresUser();
    } catch {
      return 'running as root, and there is no `postgres` user to run the cluster as';
    }
  }
  return null;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export class ThrowawayCluster {
  constructor(readonly info: ClusterInfo) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.info.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.info.dir, 'data');
  }

  /** Runs a PostgreSQL program, as `postgres` when we are root. */
  private async exec(program: string, args: string[]): Promise<string> {
    const path = join(this.info.binDir, program);
    const user = await postgresUser();
    const [file, argv] = user ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
    const { stdout } = await run(file, argv, { timeout: 60_000 });
    return stdout;
  }

  static async create(): Promise<ThrowawayCluster> {
    const binDir = await findPostgresBinDir();
    if (!binDir) throw new Error('initdb and pg_ctl were not found');
    const dir = mkdtempSync('/tmp/smena-faults-');
    const user = await postgresUser();
    if (user) chownSync(dir, user.uid, user.gid);
    const cluster = new ThrowawayCluster({ binDir, dir, port: await freePort() });
    await cluster.exec('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    return cluster;
  }

  async start(): Promise<void> {
    await this.exec('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.info.dir, 'postgres.log'),
      // Only TCP on 127.0.0.1 and a socket inside our folder: nothing shared with other clusters.
      // fsync off: the tests crash the app server and restart PostgreSQL cleanly, never the host.
      '-o',
      `-p ${this.info.port} -k ${this.info.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** `fast`: what a restart by an operator or an orchestrator does (sessions are terminated). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /** The postmaster's PID, from its own pid file (null when it is not running). */
  postmasterPid(): number | null {
    const file = join(this.dataDir, 'postmaster.pid');
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  }

  /** Stops the cluster (by its data directory, else by its own PID) and deletes its folder. */
  async destroy(): Promise<void> {
    try {
      if (this.postmasterPid()) await this.stop('immediate');
    } catch {
      const pid = this.postmasterPid();
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    rmSync(this.info.dir, { recursive: true, force: true });
  }
}
