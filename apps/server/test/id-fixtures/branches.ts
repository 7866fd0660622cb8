import { call } from '../build-test-app.ts';
import { unique } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/** A branch of company A, created through the API. */
const branchOfA: IdFixture = async (companyA, t) => {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/branches',
    token: companyA.admin.tokens.accessToken,
    payload: { title: `Филиал ${unique()}`, latitude: 55.75, longitude: 37.62 },
  });
  if (response.statusCode !== 201) throw new Error(`branch fixture: ${response.body}`);
  return { id: response.data.id as number };
};

export const branchesFixtures: IdFixtures = {
  'GET /api/v1/branches/:id': branchOfA,
  'PATCH /api/v1/branches/:id': async (companyA, t) => ({
    ...(await branchOfA(companyA, t)),
    payload: { title: `Переименован ${unique()}`, radius: 150 },
  }),
  'DELETE /api/v1/branches/:id': branchOfA,
};
