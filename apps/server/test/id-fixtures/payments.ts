import { call } from '../build-test-app.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/** An unpaid invoice of company A, created through the API by its ADMIN. */
const paymentOfA: IdFixture = async (companyA, t) => {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/payments',
    token: companyA.admin.tokens.accessToken,
    payload: { users: 1000, months: 1 },
  });
  if (response.statusCode !== 201) throw new Error(`payment fixture: ${response.body}`);
  return { id: response.data.payment.id as number };
};

export const paymentsFixtures: IdFixtures = {
  'GET /api/v1/payments/:id': paymentOfA,
  'GET /api/v1/payments/:id/receipt': paymentOfA,
  'POST /api/v1/payments/:id/cancel': paymentOfA,
};
