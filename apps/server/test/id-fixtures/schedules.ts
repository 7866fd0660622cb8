import { call } from '../build-test-app.ts';
import { addMember, unique } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

export const FIVE_TWO = {
  type: 'FIXED',
  days: Array.from({ length: 7 }, (_, i) => ({
    working: i < 5,
    start: '09:00',
    end: '18:00',
    breakMinutes: 60,
  })),
};

const schedule: IdFixture = async (companyA, t) => {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token: companyA.admin.tokens.accessToken,
    payload: { title: `График ${unique()}`, definition: FIVE_TWO },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { id: response.data.id as number };
};

const employee: IdFixture = async (companyA, t) => {
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  return { id: member.employee.id };
};

export const schedulesFixtures: IdFixtures = {
  'GET /api/v1/schedules/:id': schedule,
  'PATCH /api/v1/schedules/:id': async (companyA, t) => ({
    ...(await schedule(companyA, t)),
    payload: { color: '#ff0000' },
  }),
  'DELETE /api/v1/schedules/:id': schedule,
  'DELETE /api/v1/schedule-assignments/:id': async (companyA, t) => {
    const { id: scheduleId } = await schedule(companyA, t);
    const { id: employeeId } = await employee(companyA, t);
    const token = companyA.admin.tokens.accessToken;
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/schedule-assignments',
      token,
      payload: { employeeIds: [employeeId], scheduleId, effectiveFrom: '2026-01-01' },
    });
    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${employeeId}/schedule-assignments`,
      token,
    });
    return { id: history.data.items[0].id as number };
  },
  'GET /api/v1/employees/:id/schedule-assignments': employee,
  'GET /api/v1/employees/:id/plan': async (companyA, t) => ({
    ...(await employee(companyA, t)),
    query: 'from=2026-01-01&to=2026-01-31',
  }),
};
