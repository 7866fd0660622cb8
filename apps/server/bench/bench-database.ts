/** The database of a benchmark: a temporary PostgreSQL database, or an in-memory PGlite. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A temporary database on BENCH_DATABASE_URL (created now, dropped by `drop`), else PGlite in
 * memory.
 */
export async function openBenchDatabase(): Promise<{
  database: Database;
  label: string;
  /** The temporary PostgreSQL database's URL (null: PGlite in memory). */
  url: string | null;
  drop: () => Promise<void>;
}> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, label: 'PGlite (in memory)', url: null, drop: () => database.close() };
  }
  const name = `smena_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const databaseUrl = withDatabase(url, name);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  return {
    database,
    url: databaseUrl,
    label: `PostgreSQL (${new URL(url).host}, temporary database ${name})`,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
