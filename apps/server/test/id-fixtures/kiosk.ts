import { call } from '../build-test-app.ts';
import { unique } from '../factories.ts';
import type { IdFixture, IdFixtures } from './types.ts';

/** A kiosk paired with a branch of company A (decision 031). */
const kioskOfA: IdFixture = async (companyA, t) => {
  const token = companyA.admin.tokens.accessToken;
  const branch = await call(t.app, {
    method: 'POST',
    url: '/api/v1/branches',
    token,
    payload: { title: `Филиал ${unique()}`, latitude: 55.75, longitude: 37.61, radius: 100 },
  });
  if (branch.statusCode !== 201) throw new Error(`kiosk fixture branch: ${branch.body}`);
  const code = await call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosks/pairing-codes',
    token,
    payload: { branchId: branch.data.id },
  });
  if (code.statusCode !== 201) throw new Error(`kiosk fixture code: ${code.body}`);
  const paired = await call(t.app, {
    method: 'POST',
    url: '/api/v1/kiosk/pair',
    payload: { code: code.data.code },
  });
  if (paired.statusCode !== 201) throw new Error(`kiosk fixture pair: ${paired.body}`);
  return { id: paired.data.deviceId as number, payload: { title: 'Чужой киоск' } };
};

export const kioskFixtures: IdFixtures = {
  'PATCH /api/v1/kiosks/:id': kioskOfA,
  'POST /api/v1/kiosks/:id/revoke': kioskOfA,
};
