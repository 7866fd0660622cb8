import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import type { Database, Schema } from './client.ts';

/**
 * The committed SQL migrations. From source they sit at apps/server/drizzle; the bundled server
 * (dist/server.js) finds them one folder up as well.
 */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../../drizzle'), resolve(here, '../drizzle')];
  const found = candidates.find((candidate) =>
    existsSync(resolve(candidate, 'meta/_journal.json')),
  );
  if (!found) throw new Error(`Migrations not found in ${candidates.join(' or ')}`);
  return found;
}

/** An arbitrary constant: instances starting together prepare the database one after another. */
const STARTUP_LOCK_ID = 7_212_001;

/**
 * Runs `work` while holding the start-up lock: a session-level advisory lock on one dedicated
 * PostgreSQL connection, so that instances started at once migrate and seed one after another
 * (the next one finds everything done). `lockedDb` is that connection, for statements that must
 * run on it (the migrator). PGlite has one process per data directory (data-dir-lock.ts): no lock.
 */
export async function withStartupLock<T>(
  database: Database,
  work: (lockedDb: PgDatabase<PgQueryResultHKT, Schema> | null) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') return work(null);
  if (!database.pool) throw new Error('PostgreSQL pool missing');
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    try {
      return await work(
        drizzlePg(client, { schema }) as unknown as PgDatabase<PgQueryResultHKT, Schema>,
      );
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

/** Applies the committed migrations not applied yet (forward only), under the start-up lock. */
export async function migrateDatabase(database: Database): Promise<void> {
  await withStartupLock(database, (lockedDb) => applyMigrations(database, lockedDb));
}

/** The migrations themselves; on PostgreSQL the caller holds the start-up lock on `lockedDb`. */
export async function applyMigrations(
  database: Database,
  lockedDb: PgDatabase<PgQueryResultHKT, Schema> | null,
): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite' || lockedDb === null) {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: folder,
    });
    return;
  }
  await migratePg(lockedDb as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
}
