import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { type Database, type Schema, openDatabase } from '../../db/client.ts';
import { migrateDatabase, migrationsFolder } from '../../db/migrate.ts';
import { branches, users } from '../../db/schema/index.ts';

const opened: Database[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A database migrated as a release before `tag` left it (as in db/migrate.test.ts). */
async function databaseBefore(tag: string): Promise<Database> {
  const folder = mkdtempSync(join(tmpdir(), 'smena-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
  );
  const database = await openDatabase({ kind: 'pglite' });
  opened.push(database);
  await migratePglite(database.db as unknown as PgliteDatabase<Schema>, {
    migrationsFolder: folder,
  });
  return database;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

describe('migration 0015: Idempotency-Keys move onto their checks', { timeout: 60_000 }, () => {
  it('keeps every key with its hash on the check it created, then refuses a second one', async () => {
    const database = await databaseBefore('0015_checks_ingestion');
    const { db } = database;
    // Plain SQL: the schema's companies table has columns later migrations add (overtime_approval).
    const [company] = rowsOf(
      await db.execute(sql`
        insert into companies (title, email, phone, user_limit)
        values ('ООО Ключи', 'keys@example.ru', '+79990001122', 5) returning id`),
    ) as { id: number }[];
    const [user] = await db
      .insert(users)
      .values({ email: 'keys-user@example.ru', phone: '+79990001123', passwordHash: 'x' })
      .returning();
    // Plain SQL: the schema's employees table has columns later migrations add (manager_scope).
    const [employee] = rowsOf(
      await db.execute(sql`
        insert into employees (company_id, user_id, role)
        values (${company!.id}, ${user!.id}, 'EMPLOYEE') returning id`),
    ) as { id: number }[];
    const [branch] = await db
      .insert(branches)
      .values({
        companyId: company!.id,
        title: 'Склад',
        latitude: 55,
        longitude: 37,
        timezone: 'Europe/Moscow',
      })
      .returning();
    const insertCheck = async (hour: number) =>
      rowsOf(
        await db.execute(sql`
          insert into checks (company_id, employee_id, branch_id, check_in, check_out, source)
          values (${company!.id}, ${employee!.id}, ${branch!.id},
            ${`2026-03-02T0${hour}:00:00Z`}::timestamptz, ${`2026-03-02T0${hour}:30:00Z`}::timestamptz, 'API')
          returning id`),
      )[0]!.id as number;
    const keyed = await insertCheck(6);
    const plain = await insertCheck(8);
    await db.execute(sql`
      insert into idempotency_keys (company_id, key, request_hash, check_id)
      values (${company!.id}, 'terminal-1', 'hash-1', ${keyed})`);

    await migrateDatabase(database);

    const rows = rowsOf(
      await db.execute(sql`select id, idempotency_key, idempotency_hash from checks order by id`),
    );
    expect(rows).toEqual([
      { id: keyed, idempotency_key: 'terminal-1', idempotency_hash: 'hash-1' },
      { id: plain, idempotency_key: null, idempotency_hash: null },
    ]);
    const tables = rowsOf(
      await db.execute(sql`select to_regclass('idempotency_keys') is null as gone`),
    );
    expect(tables[0]!.gone).toBe(true);
    await expect(
      db.execute(sql`update checks set idempotency_key = 'terminal-1' where id = ${plain}`),
    ).rejects.toThrow();
  });
});
