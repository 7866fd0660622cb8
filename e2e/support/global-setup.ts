import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_JWT_SECRET, E2E_SUPERADMIN } from './constants.ts';

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/** Starts the built server (the same bundle `npm start` runs) on a free port with a fresh database. */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'smena-e2e-'));
  const port = await freePort();
  let log = '';
  // The server's output, for a failed start's message.
  const logFile = join(dataDir, 'server.log');
  writeFileSync(logFile, '');
  // Restore codes go to the SMS outbox, which specs read (the log never carries them).
  const smsOutbox = join(dataDir, 'sms-outbox.jsonl');
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPERADMIN_EMAIL: E2E_SUPERADMIN.email,
      SUPERADMIN_PASSWORD: E2E_SUPERADMIN.password,
      JWT_SECRET: E2E_JWT_SECRET,
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'info',
      SMS_PROVIDER: 'outbox',
      SMS_OUTBOX_FILE: smsOutbox,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log += chunk;
    appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', logFile);
  project.provide('smsOutbox', smsOutbox);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    smsOutbox: string;
  }
}
