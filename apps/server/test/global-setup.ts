import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { TEST_SUPERADMIN } from './test-constants.ts';

/**
 * Migrates the database once per run. PGlite: a dump of the migrated data directory that every
 * test file loads (≈1 s instead of ≈4 s). PostgreSQL (DATABASE_URL): a template database that
 * every test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const templateName = `smena_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${templateName}"`);
    const templateUrl = withDatabase(url, templateName);
    const database = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 2 });
    await prepareDatabase(database, TEST_SUPERADMIN);
    await database.close();
    process.env.SMENA_TEST_PG_TEMPLATE = templateName;
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`smena_t_${process.pid}_%`],
      );
      for (const row of rows)
        await admin.query(`drop database if exists "${row.datname}" with (force)`);
      await admin.query(`drop database if exists "${templateName}" with (force)`);
      await admin.end();
    };
  }

  const folder = mkdtempSync(join(tmpdir(), 'smena-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await prepareDatabase(database, TEST_SUPERADMIN);
  const dumpPath = join(folder, 'template.tar');
  const dump = await database.dumpDataDir!();
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.SMENA_TEST_PGLITE_DUMP = dumpPath;
  return () => rmSync(folder, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
