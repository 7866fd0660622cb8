import { call } from '../build-test-app.ts';
import { addMember, unique } from '../factories.ts';
import { checkWithPhoto } from '../../src/modules/kiosk/kiosk-photos.test-helpers.ts';
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

/** An employee of company A with a paper consent to kiosk photos (decision 034). */
const consentingEmployeeOfA: IdFixture = async (companyA, t) => {
  const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
  const recorded = await call(t.app, {
    method: 'POST',
    url: `/api/v1/employees/${member.employee.id}/kiosk-photo-consent`,
    token: companyA.admin.tokens.accessToken,
    payload: { documentDate: '2026-01-15', documentNumber: `С-${unique()}` },
  });
  if (recorded.statusCode !== 200) throw new Error(`consent fixture: ${recorded.body}`);
  return { id: member.employee.id };
};

export const kioskFixtures: IdFixtures = {
  'PATCH /api/v1/kiosks/:id': kioskOfA,
  'POST /api/v1/kiosks/:id/revoke': kioskOfA,
  'GET /api/v1/employees/:id/kiosk-photo-consent': consentingEmployeeOfA,
  'POST /api/v1/employees/:id/kiosk-photo-consent': async (companyA, t) => {
    const member = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE');
    return {
      id: member.employee.id,
      payload: { documentDate: '2026-01-15', documentNumber: 'Чужое согласие' },
    };
  },
  'POST /api/v1/employees/:id/kiosk-photo-consent/withdraw': consentingEmployeeOfA,
  // A check that has a photo, of an employee outside any manager's branches.
  'GET /api/v1/checks/:id/photo': async (companyA, t) => {
    const { checkId } = await checkWithPhoto(t, {
      companyId: companyA.companyId,
      adminToken: companyA.admin.tokens.accessToken,
    });
    return { id: checkId };
  },
};
