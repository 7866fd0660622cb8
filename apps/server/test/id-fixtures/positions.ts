import { call } from '../build-test-app.ts';
import { unique } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/** A position of company A, created through the API. */
const positionOfA: IdFixture = async (companyA, t) => {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/positions',
    token: companyA.admin.tokens.accessToken,
    payload: { title: `Должность ${unique()}` },
  });
  if (response.statusCode !== 201) throw new Error(`position fixture: ${response.body}`);
  return { id: response.data.id as number };
};

export const positionsFixtures: IdFixtures = {
  'GET /api/v1/positions/:id': positionOfA,
  'PATCH /api/v1/positions/:id': async (companyA, t) => ({
    ...(await positionOfA(companyA, t)),
    payload: { title: `Переименована ${unique()}` },
  }),
  'DELETE /api/v1/positions/:id': positionOfA,
};
