import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CreatePaymentResultSchema,
  PaymentReceiptSchema,
  PaymentSchema,
  PaymentsPageSchema,
  addMonths,
  quotePrice,
  type Payment,
} from '@smena/contract';
import { auditLog, companies } from '../../db/schema/index.ts';
import { SEED_DEFAULT_PLAN } from '../../db/seed.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  type TestCompany,
} from '../../../test/factories.ts';

const DAY_MS = 86_400_000;

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let superToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  superToken = (await loginSuperAdmin(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function memberToken(role: 'MANAGER' | 'EMPLOYEE', companyId = company.companyId) {
  const member = await addMember(t.database.db, companyId, role);
  return (await login(t.app, member.user.email)).accessToken;
}

async function pay(
  payload: Record<string, unknown> = { users: 10, months: 3 },
  token = adminToken,
): Promise<Payment> {
  const response = await call(t.app, { method: 'POST', url: '/api/v1/payments', token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return CreatePaymentResultSchema.parse(response.data).payment;
}

async function companyRow(companyId = company.companyId) {
  const [row] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
  return row!;
}

describe('POST /payments (manual invoices)', () => {
  it('creates a pending invoice charged exactly as the shared price function says', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token: adminToken,
      payload: { users: 12, months: 6 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { payment, checkout } = CreatePaymentResultSchema.parse(response.data);
    expect(checkout).toEqual({ provider: 'manual' });
    const quote = quotePrice(SEED_DEFAULT_PLAN, 12, 6);
    expect(payment).toMatchObject({
      companyId: company.companyId,
      planTitle: SEED_DEFAULT_PLAN.title,
      provider: 'manual',
      status: 'PENDING',
      users: 12,
      months: 6,
      pricePerUserKopecks: 15_000,
      subtotalKopecks: quote.subtotalKopecks,
      discountPercent: 10,
      discountKopecks: quote.discountKopecks,
      amountKopecks: quote.totalKopecks,
      paidAt: null,
      periodEnd: null,
    });
    expect(payment.amountKopecks).toBe(972_000);
    expect(payment.number).toMatch(/^СМ-\d{6}$/);
  });

  it('answers 422 with field messages for bad input', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token: adminToken,
      payload: { users: 0, months: 2 },
    });
    expect(response.statusCode).toBe(422);
    const fields = response.data.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['users', 'months']));
    const extra = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token: adminToken,
      payload: { users: 10, months: 1, amountKopecks: 1 },
    });
    expect(extra.statusCode).toBe(422);
  });

  it('refuses fewer users than the plan minimum or than are active now', async () => {
    const belowMinimum = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token: adminToken,
      payload: { users: 4, months: 1 },
    });
    expect(belowMinimum.statusCode).toBe(422);
    expect(belowMinimum.data.details).toEqual([
      { field: 'users', message: 'Не меньше 5: минимум тарифа «Стандарт»' },
    ]);

    const busy = await createCompany(t.app);
    for (let i = 0; i < 6; i++) await addMember(t.database.db, busy.companyId, 'EMPLOYEE');
    const belowActive = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token: busy.admin.tokens.accessToken,
      payload: { users: 6, months: 1 },
    });
    expect(belowActive.statusCode).toBe(422);
    expect(belowActive.data.details[0].message).toContain('Не меньше 7');
  });

  it('refuses a plan that is not on sale', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token: adminToken,
      payload: { users: 10, months: 1, planId: 2_000_000 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details[0].field).toBe('planId');
  });

  it('lets only the ADMIN pay: 403 to MANAGER, EMPLOYEE and the super admin, 401 without a token', async () => {
    for (const token of [await memberToken('MANAGER'), await memberToken('EMPLOYEE'), superToken]) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/payments',
        token,
        payload: { users: 10, months: 1 },
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      payload: { users: 10, months: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('payment history and receipts', () => {
  it('lists the company’s payments to its ADMIN only: 403 to MANAGER and EMPLOYEE', async () => {
    const own = await pay({ users: 50, months: 1 });
    const other = await createCompany(t.app);
    const foreign = await pay({ users: 5, months: 1 }, other.admin.tokens.accessToken);

    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/payments',
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    const ids = PaymentsPageSchema.parse(response.data).items.map((payment) => payment.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    for (const role of ['MANAGER', 'EMPLOYEE'] as const) {
      const token = await memberToken(role);
      for (const url of [
        '/api/v1/payments',
        `/api/v1/payments/${own.id}`,
        `/api/v1/payments/${own.id}/receipt`,
      ]) {
        const denied = await call(t.app, { method: 'GET', url, token });
        expect(denied.statusCode, `${role} GET ${url}`).toBe(403);
      }
    }

    const pending = await call(t.app, {
      method: 'GET',
      url: '/api/v1/payments?status=PAID',
      token: adminToken,
    });
    expect(PaymentsPageSchema.parse(pending.data).items.map((p) => p.id)).not.toContain(own.id);
  });

  it('answers 404 for another company’s payment, its receipt and its cancellation', async () => {
    const other = await createCompany(t.app);
    const foreign = await pay({ users: 5, months: 1 }, other.admin.tokens.accessToken);
    for (const [method, url] of [
      ['GET', `/api/v1/payments/${foreign.id}`],
      ['GET', `/api/v1/payments/${foreign.id}/receipt`],
      ['POST', `/api/v1/payments/${foreign.id}/cancel`],
    ] as const) {
      const response = await call(t.app, { method, url, token: adminToken });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('gives an invoice while unpaid, a receipt once paid, nothing once cancelled', async () => {
    const payment = await pay({ users: 8, months: 12 });
    const invoice = await call(t.app, {
      method: 'GET',
      url: `/api/v1/payments/${payment.id}/receipt`,
      token: adminToken,
    });
    expect(invoice.statusCode).toBe(200);
    expect(PaymentReceiptSchema.parse(invoice.data)).toMatchObject({
      kind: 'INVOICE',
      number: payment.number,
      amountKopecks: payment.amountKopecks,
      users: 8,
      months: 12,
      discountPercent: 15,
    });

    await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/mark-paid`,
      token: superToken,
    });
    const receipt = await call(t.app, {
      method: 'GET',
      url: `/api/v1/payments/${payment.id}/receipt`,
      token: adminToken,
    });
    expect(PaymentReceiptSchema.parse(receipt.data)).toMatchObject({
      kind: 'RECEIPT',
      status: 'PAID',
    });

    const cancelled = await pay({ users: 50, months: 1 });
    const cancel = await call(t.app, {
      method: 'POST',
      url: `/api/v1/payments/${cancelled.id}/cancel`,
      token: adminToken,
    });
    expect(cancel.statusCode).toBe(200);
    expect(PaymentSchema.parse(cancel.data).status).toBe('CANCELLED');
    const none = await call(t.app, {
      method: 'GET',
      url: `/api/v1/payments/${cancelled.id}/receipt`,
      token: adminToken,
    });
    expect(none.statusCode).toBe(409);
  });

  it('lets only the ADMIN cancel, and not a paid invoice', async () => {
    const payment = await pay({ users: 50, months: 1 });
    const byManager = await call(t.app, {
      method: 'POST',
      url: `/api/v1/payments/${payment.id}/cancel`,
      token: await memberToken('MANAGER'),
    });
    expect(byManager.statusCode).toBe(403);
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/mark-paid`,
      token: superToken,
    });
    const paid = await call(t.app, {
      method: 'POST',
      url: `/api/v1/payments/${payment.id}/cancel`,
      token: adminToken,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.data.message).toBe('Оплаченный счёт нельзя отменить');
  });
});

describe('the super admin’s payments', () => {
  it('marks a manual invoice paid: paid-until extended, limit set, trial over, once', async () => {
    const fresh = await createCompany(t.app);
    const before = await companyRow(fresh.companyId);
    expect(before.isTrial).toBe(true);
    const payment = await pay({ users: 25, months: 3 }, fresh.admin.tokens.accessToken);

    const started = Date.now();
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/mark-paid`,
      token: superToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const paid = PaymentSchema.parse(response.data);
    expect(paid.status).toBe('PAID');

    const after = await companyRow(fresh.companyId);
    // The trial still ran: the three months are added after its end.
    expect(after.paidUntil!.toISOString()).toBe(addMonths(before.paidUntil!, 3).toISOString());
    expect(paid.periodStart).toBe(before.paidUntil!.toISOString());
    expect(paid.periodEnd).toBe(after.paidUntil!.toISOString());
    expect(after.userLimit).toBe(25);
    expect(after.isTrial).toBe(false);
    expect(new Date(paid.paidAt!).getTime()).toBeGreaterThanOrEqual(started - 1000);

    const again = await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/mark-paid`,
      token: superToken,
    });
    expect(again.statusCode).toBe(409);
    expect((await companyRow(fresh.companyId)).paidUntil).toEqual(after.paidUntil);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(payment.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['PAYMENT_CONFIRMED']);
  });

  it('extends from now when the paid period is already over', async () => {
    const fresh = await createCompany(t.app);
    await t.database.db
      .update(companies)
      .set({ paidUntil: new Date(Date.now() - 30 * DAY_MS) })
      .where(eq(companies.id, fresh.companyId));
    const payment = await pay({ users: 5, months: 1 }, fresh.admin.tokens.accessToken);
    const before = Date.now();
    await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/mark-paid`,
      token: superToken,
    });
    const paidUntil = (await companyRow(fresh.companyId)).paidUntil!.getTime();
    expect(paidUntil).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime() - 1000);
    expect(paidUntil).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
  });

  it('cancels an invoice, which then cannot be marked paid', async () => {
    const payment = await pay({ users: 50, months: 1 });
    const cancel = await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/cancel`,
      token: superToken,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.data.status).toBe('CANCELLED');
    const markPaid = await call(t.app, {
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/mark-paid`,
      token: superToken,
    });
    expect(markPaid.statusCode).toBe(409);
    const missing = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/payments/2000000/mark-paid',
      token: superToken,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists every company’s payments with filters', async () => {
    const other = await createCompany(t.app, { title: `ООО Фильтр ${Date.now()}` });
    const payment = await pay({ users: 5, months: 1 }, other.admin.tokens.accessToken);
    const byCompany = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/payments?companyId=${other.companyId}&status=PENDING&provider=manual`,
      token: superToken,
    });
    expect(byCompany.statusCode).toBe(200);
    expect(PaymentsPageSchema.parse(byCompany.data).items.map((p) => p.id)).toEqual([payment.id]);
    expect(byCompany.data.items[0].companyTitle).toBe((await companyRow(other.companyId)).title);

    const bySearch = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/payments?search=${encodeURIComponent('фильтр')}`,
      token: superToken,
    });
    expect(bySearch.data.items.map((p: Payment) => p.id)).toContain(payment.id);
    const byNumber = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/payments?search=${encodeURIComponent(payment.number)}`,
      token: superToken,
    });
    expect(byNumber.data.items.map((p: Payment) => p.id)).toEqual([payment.id]);

    const today = new Date().toISOString().slice(0, 10);
    const future = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/payments?from=2100-12-31`,
      token: superToken,
    });
    expect(future.data.total).toBe(0);
    const todays = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/payments?from=${today}&to=${today}&companyId=${other.companyId}`,
      token: superToken,
    });
    expect(todays.data.total).toBe(1);
    const bad = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/payments?status=LOST&from=2026-02-30',
      token: superToken,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('is the super admin’s only', async () => {
    const payment = await pay({ users: 50, months: 1 });
    for (const token of [adminToken, await memberToken('MANAGER'), await memberToken('EMPLOYEE')]) {
      expect(
        (await call(t.app, { method: 'GET', url: '/api/v1/admin/payments', token })).statusCode,
      ).toBe(403);
      const markPaid = await call(t.app, {
        method: 'POST',
        url: `/api/v1/admin/payments/${payment.id}/mark-paid`,
        token,
      });
      expect(markPaid.statusCode).toBe(403);
    }
    expect((await call(t.app, { method: 'GET', url: '/api/v1/admin/payments' })).statusCode).toBe(
      401,
    );
  });
});
