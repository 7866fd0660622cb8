import { call } from '../build-test-app.ts';
import { unique } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

const apiKeyOfA: IdFixture = async (companyA, t) => {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/api-keys',
    token: companyA.admin.tokens.accessToken,
    payload: { name: `Ключ ${unique()}` },
  });
  if (response.statusCode !== 201) throw new Error(`api key fixture: ${response.body}`);
  return { id: response.data.id as number };
};

export const apiKeysFixtures: IdFixtures = {
  'DELETE /api/v1/api-keys/:id': apiKeyOfA,
  'POST /api/v1/api-keys/:id/revoke': apiKeyOfA,
};
