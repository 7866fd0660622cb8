import { call } from '../build-test-app.ts';
import { unique } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/** A department of company A, created through the API. */
const departmentOfA: IdFixture = async (companyA, t) => {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/departments',
    token: companyA.admin.tokens.accessToken,
    payload: { title: `Отдел ${unique()}` },
  });
  if (response.statusCode !== 201) throw new Error(`department fixture: ${response.body}`);
  return { id: response.data.id as number };
};

export const departmentsFixtures: IdFixtures = {
  'GET /api/v1/departments/:id': departmentOfA,
  'PATCH /api/v1/departments/:id': async (companyA, t) => ({
    ...(await departmentOfA(companyA, t)),
    payload: { title: `Переименован ${unique()}`, parentId: null },
  }),
  'DELETE /api/v1/departments/:id': departmentOfA,
};
