import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir, reclaimDataDirLock } from './data-dir-lock.ts';

export type Schema = typeof schema;
/** The one database type of the app: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool when `kind` is 'postgres'. */
  pool?: pg.Pool;
  /**
   * PGlite only: an uncompressed tarball of the data directory (tests clone a migrated template
   * with it; db/backup.ts writes backups with it). Consistent while the app runs: taken at a
   * moment when no query runs and no transaction is open.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** Answers when the database does (readiness). */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the database host does not answer, a request waits at most this long for a
      // connection (opening one or queueing for a free one) and then answers 503, instead of
      // hanging; the next request tries a new connection, so recovery needs no restart.
      connectionTimeoutMillis: 5_000,
      // Finds connections that died without a FIN (a host gone, a NAT entry dropped).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection the server closes (restart, failover, pg_terminate_backend) is dropped
    // by the pool and replaced on demand; without a listener its 'error' event would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  let dataDir: string | undefined;
  let unlockDataDir = () => {};
  if (options.dataDir) {
    dataDir = resolve(options.dataDir);
    // PGlite does not create missing parent folders of its data directory.
    mkdirSync(dataDir, { recursive: true });
    unlockDataDir = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      // The checks' exclusion constraint (no two overlapping checks) needs btree_gist.
      extensions: { btree_gist },
    });
  } catch (error) {
    unlockDataDir();
    throw error;
  }
  // A tarball of a directory that was in use carries its owner's smena.pid, now unpacked over ours.
  if (dataDir && options.loadDataDir) reclaimDataDirLock(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite runs every query and transaction under its transaction mutex, and the dump under its
    // query mutex; holding the first as well waits for the open transaction to end, so the files
    // are read (synchronously, in one turn) between transactions, not halfway through one.
    dumpDataDir: () =>
      client._runExclusiveTransaction(async () => (await client.dumpDataDir('none')) as Blob),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlockDataDir();
      }
    },
  };
}

/**
 * Runs independent reads at once on the pool; one after the other inside a transaction, whose
 * single connection cannot run two queries at a time (node-postgres queues them with a
 * deprecation warning today and will refuse them).
 */
export async function readAll<T extends readonly (() => Promise<unknown>)[]>(
  db: DbOrTx,
  reads: [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
