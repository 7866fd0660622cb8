import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CompanyPlanSchema,
  PlanSchema,
  PlansPageSchema,
  PublicPlansSchema,
  type Plan,
} from '@smena/contract';
import { companies, plans } from '../../db/schema/index.ts';
import { SEED_DEFAULT_PLAN, seedDefaultPlan } from '../../db/seed.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  unique,
  type TestCompany,
} from '../../../test/factories.ts';

let t: TestApp;
let company: TestCompany;
let superToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  superToken = (await loginSuperAdmin(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function memberToken(role: 'MANAGER' | 'EMPLOYEE') {
  const member = await addMember(t.database.db, company.companyId, role);
  return (await login(t.app, member.user.email)).accessToken;
}

function planInput(overrides: Record<string, unknown> = {}) {
  return {
    title: `Тариф ${unique()}`,
    pricePerUserKopecks: 20_000,
    trialDays: 7,
    discount3Months: 3,
    discount6Months: 6,
    discount12Months: 12,
    minUsers: 2,
    ...overrides,
  };
}

async function createPlan(overrides: Record<string, unknown> = {}): Promise<Plan> {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/admin/plans',
    token: superToken,
    payload: planInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return PlanSchema.parse(response.data);
}

async function defaultPlanId(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.isDefault, true));
  return row!.id;
}

describe('the seeded default plan', () => {
  it('exists once, and seeding again adds nothing', async () => {
    await seedDefaultPlan(t.database.db);
    await seedDefaultPlan(t.database.db);
    const defaults = await t.database.db.select().from(plans).where(eq(plans.isDefault, true));
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject(SEED_DEFAULT_PLAN);
  });
});

describe('plans of the super admin', () => {
  it('creates, reads, lists, updates and deletes a plan', async () => {
    const created = await createPlan({ title: 'Бизнес' });
    expect(created).toMatchObject({
      title: 'Бизнес',
      pricePerUserKopecks: 20_000,
      trialDays: 7,
      discount3Months: 3,
      discount6Months: 6,
      discount12Months: 12,
      minUsers: 2,
      active: true,
      isDefault: false,
      paymentCount: 0,
    });

    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/plans?search=бизн',
      token: superToken,
    });
    expect(list.statusCode).toBe(200);
    expect(PlansPageSchema.parse(list.data).items.map((plan) => plan.id)).toEqual([created.id]);

    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/plans/${created.id}`,
      token: superToken,
      payload: { pricePerUserKopecks: 25_050, active: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(PlanSchema.parse(patched.data)).toMatchObject({
      pricePerUserKopecks: 25_050,
      active: false,
    });

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/plans/${created.id}`,
      token: superToken,
    });
    expect(deleted.data).toEqual({ result: 'deleted' });
    const gone = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/plans/${created.id}`,
      token: superToken,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 422 with field messages for bad input', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/plans',
      token: superToken,
      payload: { title: '', pricePerUserKopecks: 1.5, trialDays: -1, discount12Months: 99 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.code).toBe('VALIDATION_ERROR');
    const fields = response.data.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(
      expect.arrayContaining(['title', 'pricePerUserKopecks', 'trialDays', 'discount12Months']),
    );
  });

  it('answers 409 on a taken title, whatever the case', async () => {
    const plan = await createPlan();
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/plans',
      token: superToken,
      payload: planInput({ title: plan.title.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.details).toEqual([
      { field: 'title', message: 'Тариф с таким названием уже есть' },
    ]);
  });

  it('keeps exactly one default plan', async () => {
    const previous = await defaultPlanId();
    const next = await createPlan({ isDefault: true });
    expect(next.isDefault).toBe(true);
    expect(await defaultPlanId()).toBe(next.id);

    // The default can be neither un-defaulted, taken off sale nor deleted.
    const undefault = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/plans/${next.id}`,
      token: superToken,
      payload: { isDefault: false },
    });
    expect(undefault.statusCode).toBe(422);
    expect(undefault.data.details[0].field).toBe('isDefault');
    const offSale = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/plans/${next.id}`,
      token: superToken,
      payload: { active: false },
    });
    expect(offSale.statusCode).toBe(422);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/plans/${next.id}`,
      token: superToken,
    });
    expect(deleted.statusCode).toBe(409);

    // Making another plan the default moves the flag.
    const back = await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/admin/plans/${previous}`,
      token: superToken,
      payload: { isDefault: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await defaultPlanId()).toBe(previous);
    const defaults = await t.database.db.select().from(plans).where(eq(plans.isDefault, true));
    expect(defaults).toHaveLength(1);
  });

  it('refuses a new default plan that is not on sale', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/admin/plans',
      token: superToken,
      payload: planInput({ isDefault: true, active: false }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details[0].field).toBe('active');
  });

  it('archives instead of deleting a plan that was paid for', async () => {
    const plan = await createPlan({ minUsers: 1 });
    const payment = await call(t.app, {
      method: 'POST',
      url: '/api/v1/payments',
      token: company.admin.tokens.accessToken,
      payload: { users: 3, months: 1, planId: plan.id },
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/plans/${plan.id}`,
      token: superToken,
    });
    expect(deleted.data).toEqual({ result: 'archived' });
    const fetched = await call(t.app, {
      method: 'GET',
      url: `/api/v1/admin/plans/${plan.id}`,
      token: superToken,
    });
    expect(PlanSchema.parse(fetched.data)).toMatchObject({ active: false, paymentCount: 1 });
  });

  it('is closed to company members (403) and to visitors (401)', async () => {
    const tokens = [
      company.admin.tokens.accessToken,
      await memberToken('MANAGER'),
      await memberToken('EMPLOYEE'),
    ];
    for (const token of tokens) {
      const list = await call(t.app, { method: 'GET', url: '/api/v1/admin/plans', token });
      expect(list.statusCode).toBe(403);
      const create = await call(t.app, {
        method: 'POST',
        url: '/api/v1/admin/plans',
        token,
        payload: planInput(),
      });
      expect(create.statusCode).toBe(403);
    }
    const anonymous = await call(t.app, { method: 'GET', url: '/api/v1/admin/plans' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('public plans', () => {
  it('lists the plans on sale without a token, the default first', async () => {
    const hidden = await createPlan({ active: false });
    const response = await call(t.app, { method: 'GET', url: '/api/v1/plans/public' });
    expect(response.statusCode).toBe(200);
    const body = PublicPlansSchema.parse(response.data);
    expect(body.items[0]?.isDefault).toBe(true);
    expect(body.items.map((plan) => plan.id)).not.toContain(hidden.id);
    expect(body.periods).toEqual([1, 3, 6, 12]);
    expect(body.gracePeriodDays).toBe(3);
    expect(response.data.items[0]).not.toHaveProperty('paymentCount');
  });
});

describe('GET /plan', () => {
  it('shows every member the company’s plan, limit, users and days left', async () => {
    const fresh = await createCompany(t.app);
    const manager = await addMember(t.database.db, fresh.companyId, 'MANAGER');
    const employee = await addMember(t.database.db, fresh.companyId, 'EMPLOYEE');
    const tokens = {
      ADMIN: fresh.admin.tokens.accessToken,
      MANAGER: (await login(t.app, manager.user.email)).accessToken,
      EMPLOYEE: (await login(t.app, employee.user.email)).accessToken,
    };
    for (const [role, token] of Object.entries(tokens)) {
      const response = await call(t.app, { method: 'GET', url: '/api/v1/plan', token });
      expect(response.statusCode, response.body).toBe(200);
      const plan = CompanyPlanSchema.parse(response.data);
      expect(plan).toMatchObject({
        activeUsers: 3,
        userLimit: 10,
        isTrial: true,
        state: 'ACTIVE',
        provider: 'manual',
        gracePeriodDays: 3,
        canPay: role === 'ADMIN',
      });
      expect(plan.plan.isDefault).toBe(true);
      expect(plan.daysLeft).toBe(SEED_DEFAULT_PLAN.trialDays);
    }
  });

  it('reports the grace period and the expiry', async () => {
    const fresh = await createCompany(t.app);
    const setPaidUntil = (daysAgo: number) =>
      t.database.db
        .update(companies)
        .set({ paidUntil: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(companies.id, fresh.companyId));
    const read = async () =>
      CompanyPlanSchema.parse(
        (
          await call(t.app, {
            method: 'GET',
            url: '/api/v1/plan',
            token: fresh.admin.tokens.accessToken,
          })
        ).data,
      );
    await setPaidUntil(1);
    expect(await read()).toMatchObject({ state: 'GRACE', daysLeft: 0 });
    await setPaidUntil(4);
    expect(await read()).toMatchObject({ state: 'EXPIRED', daysLeft: 0 });
  });

  it('is for company members: 403 to the super admin outside companies, 401 to visitors', async () => {
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/plan', token: superToken })).statusCode,
    ).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/plan' })).statusCode).toBe(401);
  });
});

describe('new companies', () => {
  it('get the trial of the default plan', async () => {
    const planId = await defaultPlanId();
    const set = (trialDays: number) =>
      call(t.app, {
        method: 'PATCH',
        url: `/api/v1/admin/plans/${planId}`,
        token: superToken,
        payload: { trialDays },
      });
    expect((await set(30)).statusCode).toBe(200);
    try {
      const fresh = await createCompany(t.app);
      const response = await call(t.app, {
        method: 'GET',
        url: '/api/v1/plan',
        token: fresh.admin.tokens.accessToken,
      });
      expect(CompanyPlanSchema.parse(response.data)).toMatchObject({ daysLeft: 30, isTrial: true });
    } finally {
      await set(SEED_DEFAULT_PLAN.trialDays);
    }
  });
});
