import { EnvError, parseEnv, type Env } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { startBackupSchedule, type BackupSchedule } from './db/backup.ts';
import { buildApp } from './app.ts';
import { createLifecycle, stopAccepting } from './plugins/lifecycle.ts';
import { listenForMetrics } from './plugins/metrics.ts';
import { hostname } from 'node:os';
import { serializeError } from './lib/log-hygiene.ts';

function loadEnv(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      logStartFailure(`${error.message}\nSee .env.example for every variable.`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const env = loadEnv();
  const database: Database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });

  const seeded = await prepareDatabase(database, {
    email: env.SUPERADMIN_EMAIL,
    password: env.SUPERADMIN_PASSWORD,
  });
  if (seeded.created && seeded.generatedPassword) {
    // Printed once, on the first start only, and never through the logger.
    process.stdout.write(
      [
        '',
        '==================================================================',
        ' Супер админ создан / Super admin created',
        ` Email:  ${seeded.email}`,
        ` Пароль: ${seeded.generatedPassword}`,
        ' Сохраните пароль: он показан один раз. / Save it: shown only once.',
        '==================================================================',
        '',
      ].join('\n'),
    );
  }

  const lifecycle = createLifecycle();
  const app = await buildApp({ env, database, lifecycle });
  app.addHook('onClose', async () => database.close());
  if (
    !seeded.created &&
    (env.SUPERADMIN_PASSWORD !== undefined || env.SUPERADMIN_EMAIL.toLowerCase() !== seeded.email)
  ) {
    // No email in the log: the super admin is found by who signs in, not by reading logs.
    app.log.warn(
      'a super admin exists already: SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD apply only on the first start and were not applied (change them in the app, «Профиль»)',
    );
  }

  let backups: BackupSchedule | null = null;
  let stopping = false;
  /**
   * A rolling restart loses nothing (plugins/lifecycle.ts): not ready for SHUTDOWN_DELAY_SECONDS
   * while still serving, then the listener closes, open connections end after their answers,
   * in-flight requests finish (at most SHUTDOWN_GRACE_SECONDS), exit 0. Ctrl+C skips the delay.
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const delayMs = signal === 'SIGTERM' ? env.SHUTDOWN_DELAY_SECONDS * 1000 : 0;
    app.log.info({ signal, delayMs }, 'stopping: reporting not ready, then finishing requests');
    lifecycle.phase = 'draining';
    if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
    lifecycle.phase = 'closing';
    // A backup being written finishes before the database closes under it.
    await backups?.stop();
    const forceExit = setTimeout(() => {
      app.log.error(
        { graceSeconds: env.SHUTDOWN_GRACE_SECONDS },
        'requests still running after the grace period: stopping anyway',
      );
      process.exit(1);
    }, env.SHUTDOWN_GRACE_SECONDS * 1000);
    forceExit.unref();
    try {
      await stopAccepting(app.server);
      await app.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // `kill -USR2 <pid>`: a backup now (PGlite with BACKUP_DIR). Handled always: Node's default for
  // SIGUSR2 is to end the process, which an operator trying it must not get.
  process.on('SIGUSR2', () => {
    if (backups) void backups.backupNow('signal');
    else
      app.log.warn(
        env.DATABASE_URL
          ? 'SIGUSR2: no backup with PostgreSQL; use pg_dump'
          : 'SIGUSR2: no backup, BACKUP_DIR is not set',
      );
  });

  if (env.METRICS_PORT !== undefined) {
    // Serves through the drain: Prometheus sees the instance until its process ends.
    const metricsListener = await listenForMetrics(app.metrics, {
      host: env.METRICS_HOST,
      port: env.METRICS_PORT,
      token: env.METRICS_TOKEN,
      log: app.log,
    });
    app.addHook('onClose', metricsListener.close);
  }
  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Smena: http://localhost:${env.PORT} (API /api/v1, docs /api/docs)`);
  // After listening: a backup due at start must not delay serving.
  if (env.BACKUP_DIR && database.kind === 'pglite') {
    backups = startBackupSchedule({
      database,
      dir: env.BACKUP_DIR,
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      keep: env.BACKUP_KEEP,
      log: app.log,
    });
  }
}

/**
 * A start that fails says why in one JSON line, as every other line of the log (pino's fields,
 * level 60 «fatal»), so that a collector keeps it with the rest. Through the log serializer: a
 * failed migration or seed query must not print its parameters (the super admin's email and
 * password hash).
 */
function logStartFailure(message: string, error?: unknown): void {
  const line = {
    level: 60,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    msg: message,
    ...(error === undefined ? {} : { err: serializeError(error) }),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

main().catch((error: unknown) => {
  logStartFailure(`Failed to start: ${serializeError(error).message}`, error);
  process.exit(1);
});
