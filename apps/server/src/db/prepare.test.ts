import pg from 'pg';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { openDatabase, type Database } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import { users } from './schema/index.ts';

const url = process.env.DATABASE_URL;
const name = `smena_t_${process.pid}_start_${Date.now()}`;

/**
 * Instances started together on an empty PostgreSQL: migrations and seeding run under one
 * start-up lock, so all come up and exactly one creates the super admin (before, the second
 * insert hit users_email_unique and that instance crashed, 12 times out of 13).
 */
describe.skipIf(!url)('instances started together on an empty database', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('all come up, with one super admin', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    for (let i = 0; i < 4; i++) {
      opened.push(
        await openDatabase({ kind: 'postgres', url: withDatabase(url!, name), poolSize: 3 }),
      );
    }
    const superAdmin = { email: 'Start-Race@example.ru', password: 'start-race-password' };
    const results = await Promise.all(
      opened.map((database) => prepareDatabase(database, superAdmin)),
    );

    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(results.every((result) => result.email === 'start-race@example.ru')).toBe(true);
    const admins = await opened[0]!.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isSuperAdmin, true), ne(users.status, 'DELETED')));
    expect(admins).toHaveLength(1);
  }, 120_000);
});
