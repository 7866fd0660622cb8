import type { Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import {
  seedCountries,
  seedDefaultPlan,
  seedProductionCalendars,
  seedRemoteConfig,
  seedSuperAdmin,
  type SuperAdminSeedResult,
} from './seed.ts';

/** Migrations, then reference data, then the super admin on a first start. */
export async function prepareDatabase(
  database: Database,
  superAdmin: { email: string; password?: string | undefined },
): Promise<SuperAdminSeedResult> {
  await migrateDatabase(database);
  await seedCountries(database.db);
  await seedProductionCalendars(database.db);
  await seedDefaultPlan(database.db);
  await seedRemoteConfig(database.db);
  return seedSuperAdmin(database.db, superAdmin);
}
