import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Database, openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import { cities, countries, users } from './schema/index.ts';
import { seedSuperAdmin } from './seed.ts';

let database: Database;
const superAdmin = { email: 'seed-test@example.ru', password: 'seed-test-password' };

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await prepareDatabase(database, superAdmin);
});
afterAll(async () => {
  await database.close();
});

describe('seeded countries and cities', { timeout: 60_000 }, () => {
  it('are seeded once: what the super admin deletes stays deleted after a restart', async () => {
    const { db } = database;
    const [kg] = await db.select().from(countries).where(eq(countries.code, 'KG'));
    expect(kg).toBeDefined();
    await db.delete(cities).where(eq(cities.countryId, kg!.id));
    await db.delete(countries).where(eq(countries.id, kg!.id));

    await prepareDatabase(database, superAdmin);

    expect(await db.select().from(countries).where(eq(countries.code, 'KG'))).toHaveLength(0);
    expect((await db.select().from(countries)).length).toBeGreaterThan(0);
  });
});

describe('the super admin seed', { timeout: 60_000 }, () => {
  it('leaves an existing super admin alone and says whose the database has', async () => {
    const again = await seedSuperAdmin(database.db, { email: 'other@example.ru', password: 'x' });
    expect(again).toEqual({ created: false, email: superAdmin.email });
  });

  it('refuses, in words, an email that belongs to an ordinary account', async () => {
    const fresh = await openDatabase({ kind: 'pglite' });
    try {
      await prepareDatabase(fresh, superAdmin);
      await fresh.db.update(users).set({ isSuperAdmin: false });
      await expect(seedSuperAdmin(fresh.db, superAdmin)).rejects.toThrow(
        'SUPERADMIN_EMAIL belongs to an existing account that is not a super admin',
      );
    } finally {
      await fresh.close();
    }
  });
});
