import { addMember } from '../factories.ts';
import type { IdFixtures } from './types.ts';

export const profileFixtures: IdFixtures = {
  'DELETE /api/v1/profile/delete/:id': async (companyA, t) => {
    const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
    return { id: member.user.id };
  },
};
