import { dayOffs } from '../../src/db/schema/index.ts';
import { call } from '../build-test-app.ts';
import { addMember } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

let day = 0;

/** A requested day-off of a new employee of company A (a fresh date each time). */
const dayOff: IdFixture = async (companyA, t) => {
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  day += 1;
  const date = `2026-03-${String((day % 28) + 1).padStart(2, '0')}`;
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/weekends',
    token: companyA.admin.tokens.accessToken,
    payload: { employeeId: member.employee.id, type: 'VACATION', from: date, to: date },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { id: response.data.id as number };
};

/** Approve and reject need a request still waiting. */
const request: IdFixture = async (companyA, t) => {
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  const [row] = await t.database.db
    .insert(dayOffs)
    .values({
      companyId: companyA.companyId,
      employeeId: member.employee.id,
      type: 'DISMISSED',
      dateFrom: '2026-04-01',
      dateTo: '2026-04-01',
      status: 'REQUESTED',
      createdBy: member.employee.id,
    })
    .returning({ id: dayOffs.id });
  return { id: row!.id, payload: { comment: 'Хорошо' } };
};

export const dayOffsFixtures: IdFixtures = {
  'GET /api/v1/weekends/:id': dayOff,
  'PATCH /api/v1/weekends/:id': async (companyA, t) => ({
    ...(await dayOff(companyA, t)),
    payload: { comment: 'Изменено' },
  }),
  'DELETE /api/v1/weekends/:id': dayOff,
  'POST /api/v1/weekends/:id/approve': request,
  'POST /api/v1/weekends/:id/reject': request,
};
