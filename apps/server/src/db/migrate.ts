import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
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

/** An arbitrary constant: instances starting together migrate one after another. */
const MIGRATION_LOCK_ID = 7_212_001;

export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: folder,
    });
    return;
  }
  if (!database.pool) throw new Error('PostgreSQL pool missing');
  // A session-level advisory lock on one dedicated connection for the whole migration.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
