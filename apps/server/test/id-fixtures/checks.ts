import { call } from '../build-test-app.ts';
import { addMember, unique } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/** A closed check of company A, created through the API. */
const checkOfA: IdFixture = async (companyA, t) => {
  const token = companyA.admin.tokens.accessToken;
  const branch = await call(t.app, {
    method: 'POST',
    url: '/api/v1/branches',
    token,
    payload: { title: `Филиал ${unique()}`, latitude: 55.75, longitude: 37.62 },
  });
  if (branch.statusCode !== 201) throw new Error(`check fixture branch: ${branch.body}`);
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  const hour = 3_600_000;
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/checks/create',
    token,
    payload: {
      branchId: branch.data.id,
      employeeId: member.employee.id,
      checkInDateTime: new Date(Date.now() - 5 * hour).toISOString(),
      checkOutDateTime: new Date(Date.now() - hour).toISOString(),
    },
  });
  if (response.statusCode !== 201) throw new Error(`check fixture: ${response.body}`);
  return { id: response.data.id as number };
};

export const checksFixtures: IdFixtures = {
  'GET /api/v1/checks/:id': checkOfA,
  'GET /api/v1/checks/:id/history': checkOfA,
  'PATCH /api/v1/checks/:id': async (companyA, t) => ({
    ...(await checkOfA(companyA, t)),
    payload: { reason: 'Исправление чужой отметки' },
  }),
  'DELETE /api/v1/checks/:id': async (companyA, t) => ({
    ...(await checkOfA(companyA, t)),
    payload: { reason: 'Удаление чужой отметки' },
  }),
};
