import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  unique,
  type TestCompany,
} from '../../test/factories.ts';
import { isAllowedWhenUnpaid, PAYMENT_REQUIRED_MESSAGE } from './payment-required.ts';

const DAY_MS = 86_400_000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function companyPaidUntil(company: TestCompany, paidUntil: Date | null, isTrial = false) {
  await t.database.db
    .update(companies)
    .set({ paidUntil, isTrial })
    .where(eq(companies.id, company.companyId));
}

function createBranch(token: string) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/branches',
    token,
    payload: { title: `Филиал ${unique()}`, latitude: 55.75, longitude: 37.62 },
  });
}

describe('writes after the paid period', () => {
  it('are allowed while paid and during the grace days, refused with 402 after them', async () => {
    const company = await createCompany(t.app);
    const token = company.admin.tokens.accessToken;

    expect((await createBranch(token)).statusCode).toBe(201);

    await companyPaidUntil(company, new Date(Date.now() - 2 * DAY_MS));
    expect((await createBranch(token)).statusCode).toBe(201);

    await companyPaidUntil(company, new Date(Date.now() - 3 * DAY_MS - 60_000));
    const refused = await createBranch(token);
    expect(refused.statusCode).toBe(402);
    expect(refused.data).toEqual({
      statusCode: 402,
      code: 'PAYMENT_REQUIRED',
      message: PAYMENT_REQUIRED_MESSAGE,
    });
    expect(PAYMENT_REQUIRED_MESSAGE).toBe('Оплатите тариф, чтобы продолжить');
  });

  it('treats the end of the trial the same way', async () => {
    const company = await createCompany(t.app);
    await companyPaidUntil(company, new Date(Date.now() - 5 * DAY_MS), true);
    expect((await createBranch(company.admin.tokens.accessToken)).statusCode).toBe(402);
  });

  it('stop every role of the company, but not a company without an end date', async () => {
    const company = await createCompany(t.app);
    await companyPaidUntil(company, new Date(Date.now() - 10 * DAY_MS));
    const manager = await addMember(t.database.db, company.companyId, 'MANAGER');
    const managerToken = (await login(t.app, manager.user.email)).accessToken;
    expect((await createBranch(managerToken)).statusCode).toBe(402);

    await companyPaidUntil(company, null);
    expect((await createBranch(managerToken)).statusCode).toBe(201);
  });
});

describe('what keeps working after the paid period', () => {
  let company: TestCompany;
  let token: string;

  beforeAll(async () => {
    company = await createCompany(t.app);
    await companyPaidUntil(company, new Date(Date.now() - 10 * DAY_MS));
    token = company.admin.tokens.accessToken;
  });

  it('reads and exports', async () => {
    for (const url of [
      '/api/v1/branches',
      '/api/v1/plan',
      '/api/v1/employees/export',
      '/api/v1/profile/company',
    ]) {
      const response = await call(t.app, { method: 'GET', url, token });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('paying, and cancelling an invoice', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token,
      payload: { users: 5, months: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cancelled = await call(t.app, {
      method: 'POST',
      url: `/api/v1/payments/${created.data.payment.id}/cancel`,
      token,
    });
    expect(cancelled.statusCode).toBe(200);
  });

  it('logging in, refreshing and logging out', async () => {
    const tokens = await login(t.app, company.admin.email);
    const refreshed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const logout = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      token: refreshed.data.accessToken,
    });
    expect(logout.statusCode).toBe(200);
  });

  it('the super admin inside the company and in the admin area', async () => {
    const superTokens = await loginSuperAdmin(t.app);
    const entered = await call(t.app, {
      method: 'POST',
      url: `/api/v1/auth/auth-with-admin/${company.companyId}`,
      token: superTokens.accessToken,
      payload: {},
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect((await createBranch(entered.data.accessToken)).statusCode).toBe(201);

    const plan = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/plans',
      token: superTokens.accessToken,
      payload: { title: `Тариф ${unique()}`, pricePerUserKopecks: 10_000, trialDays: 0 },
    });
    expect(plan.statusCode).toBe(201);
  });

  it('after a payment is confirmed, writes work again', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token,
      payload: { users: 5, months: 1 },
    });
    const superTokens = await loginSuperAdmin(t.app);
    const paid = await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/payments/${created.data.payment.id}/mark-paid`,
      token: superTokens.accessToken,
    });
    expect(paid.statusCode).toBe(200);
    expect((await createBranch(token)).statusCode).toBe(201);
  });
});

describe('isAllowedWhenUnpaid', () => {
  it.each([
    ['/api/v1/auth/login', true],
    ['/api/v1/auth/refresh', true],
    ['/api/v1/payments', true],
    ['/api/v1/payments/:id/cancel', true],
    ['/api/v1/profile/notification-token', true],
    ['/api/v1/branches', false],
    ['/api/v1/checks/create', false],
    ['/api/v1/paymentsx', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedWhenUnpaid(url)).toBe(allowed);
  });
});
