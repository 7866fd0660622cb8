import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_JWT_SECRET } from '../test-constants.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const FAULTS_SUPERADMIN = { email: 'faults-super@test.local', password: 'faults-super-1' };

/**
 * The real server in its own process (`node --import tsx src/server.ts`), as production runs it:
 * migrations at start-up, background jobs on. Its environment is built from scratch, so nothing
 * of the caller's (DATABASE_URL, REDIS_URL) leaks in.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output: string[] = [];
  readonly baseUrl: string;

  constructor(
    private readonly databaseUrl: string,
    readonly port: number,
    /** More variables (SHUTDOWN_DELAY_SECONDS, TRUST_PROXY…). */
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The server's last lines of output, for a failure message. */
  tail(lines = 40): string {
    return this.output.join('').split('\n').slice(-lines).join('\n');
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATABASE_URL: this.databaseUrl,
        JWT_SECRET: TEST_JWT_SECRET,
        SUPERADMIN_EMAIL: FAULTS_SUPERADMIN.email,
        SUPERADMIN_PASSWORD: FAULTS_SUPERADMIN.password,
        AUTH_RATE_LIMIT_MAX: '100000',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
        ...this.extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString('utf8'));
      if (this.output.length > 500) this.output.splice(0, this.output.length - 500);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(`the server exited with ${child.exitCode}:\n${this.tail()}`);
      }
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error(`the server did not start within ${timeoutMs} ms:\n${this.tail()}`);
  }

  isRunning(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** `kill -9` of this process (by its PID): no shutdown hook runs, in-flight work is lost. */
  async kill9(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** A graceful stop (SIGTERM), then SIGKILL if it does not end within 15 s; the exit code. */
  async stop(): Promise<number | null> {
    if (!this.isRunning()) return this.child?.exitCode ?? null;
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 15_000);
    await this.signal('SIGTERM');
    clearTimeout(timer);
    return this.child?.exitCode ?? null;
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.isRunning()) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill(signal);
    await exited;
  }
}
