import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { RU_PRODUCTION_CALENDAR } from '@smena/time';
import { type Database, type Schema, openDatabase } from './client.ts';
import { migrateDatabase, migrationsFolder } from './migrate.ts';
import { calendarYears } from './schema/index.ts';

const DECREE_2027 =
  'Постановление Правительства РФ от 17.09.2026 № 1187 «О переносе выходных дней в 2027 году»';
const DRAFT_2027 = 'Проект: не сверен с постановлением Правительства РФ';

const shipped2027 = RU_PRODUCTION_CALENDAR.years.find((year) => year.year === 2027)!;
const DATA_2027 = {
  holidays: shipped2027.holidays,
  transferredDaysOff: shipped2027.transferredDaysOff,
  workingWeekendDays: shipped2027.workingWeekendDays,
  shortenedDays: shipped2027.shortenedDays,
};

const opened: Database[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A database migrated as a release before `tag` left it: the migrations up to, not including, it. */
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

async function stored2027(database: Database) {
  const [row] = await database.db
    .select()
    .from(calendarYears)
    .where(and(eq(calendarYears.countryCode, 'RU'), eq(calendarYears.year, 2027)));
  return row;
}

describe('the migrations journal', () => {
  // drizzle applies only migrations newer than the last one a database ran: a migration merged
  // with an older timestamp than one already applied somewhere would be skipped there silently.
  it('numbers the migrations in order, each later than the one before, each with its file', () => {
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
    ) as { entries: { idx: number; when: number; tag: string }[] };
    journal.entries.forEach((entry, position) => {
      expect(entry.idx).toBe(position);
      expect(entry.tag.startsWith(String(position).padStart(4, '0'))).toBe(true);
      expect(
        readFileSync(join(migrationsFolder(), `${entry.tag}.sql`), 'utf8').length,
      ).toBeGreaterThan(0);
      if (position > 0) expect(entry.when).toBeGreaterThan(journal.entries[position - 1]!.when);
    });
  });
});

describe('migration 0014: the 2027 production calendar by its decree', { timeout: 60_000 }, () => {
  it('confirms the 2027 year a database still holds as the shipped draft', async () => {
    const database = await databaseBefore('0014_calendar_2027_decree');
    await database.db.insert(calendarYears).values({
      countryCode: 'RU',
      year: 2027,
      provisional: true,
      source: DRAFT_2027,
      data: DATA_2027,
    });

    await migrateDatabase(database);

    expect(await stored2027(database)).toMatchObject({
      provisional: false,
      source: DECREE_2027,
      data: DATA_2027,
    });
  });

  it('leaves a 2027 year the super admin has edited as it is', async () => {
    const database = await databaseBefore('0014_calendar_2027_decree');
    const edited = { ...DATA_2027, shortenedDays: ['2027-04-30'] };
    await database.db.insert(calendarYears).values([
      { countryCode: 'RU', year: 2027, provisional: true, source: DRAFT_2027, data: edited },
      { countryCode: 'KZ', year: 2027, provisional: true, source: DRAFT_2027, data: DATA_2027 },
    ]);

    await migrateDatabase(database);

    expect(await stored2027(database)).toMatchObject({
      provisional: true,
      source: DRAFT_2027,
      data: edited,
    });
    const [kz] = await database.db
      .select()
      .from(calendarYears)
      .where(eq(calendarYears.countryCode, 'KZ'));
    expect(kz).toMatchObject({ provisional: true, source: DRAFT_2027 });
  });
});
