import { cities, countries } from '../../src/db/schema/index.ts';
import { unique } from '../factories.ts';
import type { TestApp } from '../build-test-app.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/**
 * The super admin's routes with an :id (companies, users, countries, cities). Their ids cross
 * companies by design, so the route table skips them; test/admin-routes.test.ts walks these
 * instead: a company ADMIN gets 403, the super admin gets 404 for a missing id.
 */

/** `X?`: no seeded country has such a code; a repeated one is reused by the upsert below. */
function freshCode(): string {
  return `X${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`;
}

async function countryOf(t: TestApp): Promise<number> {
  const [row] = await t.database.db
    .insert(countries)
    .values({ name: `Страна ${unique()}`, code: freshCode(), phoneCode: '+999' })
    .onConflictDoUpdate({ target: countries.code, set: { phoneCode: '+999' } })
    .returning({ id: countries.id });
  return row!.id;
}

const countryFixture: IdFixture = async (_companyA, t) => ({ id: await countryOf(t) });

const cityFixture: IdFixture = async (_companyA, t) => {
  const [row] = await t.database.db
    .insert(cities)
    .values({ name: `Город ${unique()}`, countryId: await countryOf(t) })
    .returning({ id: cities.id });
  return { id: row!.id };
};

const companyFixture: IdFixture = async (companyA) => ({ id: companyA.companyId });
const userFixture: IdFixture = async (companyA) => ({ id: companyA.adminUserId });

export const adminFixtures: IdFixtures = {
  'GET /api/v1/admin/countries/:id': countryFixture,
  'PATCH /api/v1/admin/countries/:id': async (companyA, t) => ({
    ...(await countryFixture(companyA, t)),
    payload: { name: `Переименована ${unique()}` },
  }),
  'DELETE /api/v1/admin/countries/:id': countryFixture,
  'GET /api/v1/admin/cities/:id': cityFixture,
  'PATCH /api/v1/admin/cities/:id': async (companyA, t) => ({
    ...(await cityFixture(companyA, t)),
    payload: { name: `Переименован ${unique()}` },
  }),
  'DELETE /api/v1/admin/cities/:id': cityFixture,
  'GET /api/v1/admin/companies/:id': companyFixture,
  'PATCH /api/v1/admin/companies/:id': async (companyA) => ({
    id: companyA.companyId,
    payload: { userLimit: 25 },
  }),
  'POST /api/v1/admin/companies/:id/block': companyFixture,
  'POST /api/v1/admin/companies/:id/unblock': companyFixture,
  'GET /api/v1/admin/companies/:id/audit': async (companyA) => ({
    id: companyA.companyId,
    query: 'page=1&limit=5',
  }),
  'GET /api/v1/admin/users/:id': userFixture,
  'PATCH /api/v1/admin/users/:id': async (companyA) => ({
    id: companyA.adminUserId,
    payload: { firstName: 'Исправлено' },
  }),
  'POST /api/v1/admin/users/:id/block': userFixture,
  'POST /api/v1/admin/users/:id/unblock': userFixture,
  'POST /api/v1/admin/users/:id/reset-password': userFixture,
};
