import { correctionRequests } from '../../src/db/schema/index.ts';
import { addMember } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/** A pending correction request of a new employee of company A (no branch: outside a scope). */
const pending: IdFixture = async (companyA, t) => {
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  const [row] = await t.database.db
    .insert(correctionRequests)
    .values({
      companyId: companyA.companyId,
      employeeId: member.employee.id,
      date: '2026-04-01',
      kind: 'DAY_CODE',
      code: 'Г',
      comment: 'Исполнял государственные обязанности',
    })
    .returning({ id: correctionRequests.id });
  return { id: row!.id };
};

export const correctionRequestsFixtures: IdFixtures = {
  'POST /api/v1/correction-requests/:id/approve': pending,
  'POST /api/v1/correction-requests/:id/reject': async (companyA, t) => ({
    ...(await pending(companyA, t)),
    payload: { reason: 'Нет подтверждения' },
  }),
  'POST /api/v1/correction-requests/:id/withdraw': pending,
};
