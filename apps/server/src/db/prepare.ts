import type { Database } from './client.ts';
import { applyMigrations, withStartupLock } from './migrate.ts';
import {
  seedCountries,
  seedDefaultPlan,
  seedProductionCalendars,
  seedRemoteConfig,
  seedSuperAdmin,
  type SuperAdminSeedResult,
} from './seed.ts';

/**
 * Migrations, then reference data, then the super admin on a first start — all under the
 * start-up lock, so that instances started together on an empty database all come up: the first
 * one prepares it, the others wait and find everything there.
 */
export async function prepareDatabase(
  database: Database,
  superAdmin: { email: string; password?: string | undefined },
): Promise<SuperAdminSeedResult> {
  return withStartupLock(database, async (lockedDb) => {
    await applyMigrations(database, lockedDb);
    await seedCountries(database.db);
    await seedProductionCalendars(database.db);
    await seedDefaultPlan(database.db);
    await seedRemoteConfig(database.db);
    return seedSuperAdmin(database.db, superAdmin);
  });
}
