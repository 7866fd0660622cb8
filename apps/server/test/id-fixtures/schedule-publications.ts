import { branches, schedulePublications } from '../../src/db/schema/index.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/** A published version of a new branch of company A (no manager's scope holds it). */
const publication: IdFixture = async (companyA, t) => {
  const [branch] = await t.database.db
    .insert(branches)
    .values({
      companyId: companyA.companyId,
      title: 'Филиал с графиком',
      timezone: 'Europe/Moscow',
      latitude: 55.7,
      longitude: 37.6,
    })
    .returning({ id: branches.id });
  const [row] = await t.database.db
    .insert(schedulePublications)
    .values({
      companyId: companyA.companyId,
      month: '2030-05',
      branchId: branch!.id,
      version: 1,
      late: false,
    })
    .returning({ id: schedulePublications.id });
  return { id: row!.id };
};

export const schedulePublicationsFixtures: IdFixtures = {
  'GET /api/v1/schedule-publications/:id': publication,
};
