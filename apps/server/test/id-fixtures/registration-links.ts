import { registrationLinks } from '../../src/db/schema/index.ts';
import type { IdFixtures } from './types.ts';

export const registrationLinksFixtures: IdFixtures = {
  'DELETE /api/v1/registration-links/:id': async (companyA, t) => {
    const [link] = await t.database.db
      .insert(registrationLinks)
      .values({ kind: 'EMPLOYEE', companyId: companyA.companyId })
      .returning({ id: registrationLinks.id });
    return { id: link!.id };
  },
};
