import { companyInvitations, users } from '../../src/db/schema/index.ts';
import type { TestApp } from '../build-test-app.ts';
import { unique, uniquePhone, type TestCompany } from '../factories.ts';
import type { IdFixtures } from './types.ts';

/** A pending invitation of company A to an account that belongs to neither company. */
async function pendingInvitation(companyA: TestCompany, t: TestApp) {
  const id = unique();
  const email = `invited-${id}@example.ru`;
  const phone = uniquePhone();
  const [user] = await t.database.db
    .insert(users)
    .values({ email, phone, passwordHash: 'x', firstName: 'Ольга', lastName: `Приглашённая${id}` })
    .returning({ id: users.id });
  const [invitation] = await t.database.db
    .insert(companyInvitations)
    .values({
      companyId: companyA.companyId,
      userId: user!.id,
      invitedByUserId: companyA.adminUserId,
      email,
      phone,
      role: 'EMPLOYEE',
    })
    .returning({ id: companyInvitations.id });
  return { id: invitation!.id };
}

export const invitationsFixtures: IdFixtures = {
  'POST /api/v1/invitations/:id/cancel': pendingInvitation,
  'POST /api/v1/profile/invitations/:id/accept': pendingInvitation,
  'POST /api/v1/profile/invitations/:id/decline': pendingInvitation,
  'POST /api/v1/profile/companies/:id/switch': async (companyA) => ({ id: companyA.companyId }),
};
