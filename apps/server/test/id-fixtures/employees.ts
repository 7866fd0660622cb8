import { eq } from 'drizzle-orm';
import { employees } from '../../src/db/schema/index.ts';
import { addMember } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

const activeEmployee: IdFixture = async (companyA, t) => {
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  return { id: member.employee.id };
};

export const employeesFixtures: IdFixtures = {
  'GET /api/v1/employees/:id': activeEmployee,
  'PATCH /api/v1/employees/:id': async (companyA, t) => ({
    ...(await activeEmployee(companyA, t)),
    payload: { firstName: 'Пётр' },
  }),
  'POST /api/v1/employees/:id/dismiss': async (companyA, t) => ({
    ...(await activeEmployee(companyA, t)),
    payload: { dismissedAt: '2025-01-31' },
  }),
  'GET /api/v1/employees/:id/manager-scope': async (companyA, t) => {
    const member = await addMember(t.database.db, companyA.companyId, 'MANAGER');
    return { id: member.employee.id };
  },
  'PUT /api/v1/employees/:id/manager-scope': async (companyA, t) => {
    const member = await addMember(t.database.db, companyA.companyId, 'MANAGER');
    return { id: member.employee.id, payload: { kind: 'COMPANY' } };
  },
  'POST /api/v1/employees/:id/restore': async (companyA, t) => {
    const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
    await t.database.db
      .update(employees)
      .set({ status: 'DISMISSED', dismissedAt: '2025-01-31' })
      .where(eq(employees.id, member.employee.id));
    return { id: member.employee.id };
  },
};
