import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MonthPeriodSchema, MonthPeriodsSchema } from '@smena/contract';
import { auditLog, departments } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, type TestCompany } from '../../../test/factories.ts';
import { createBranch, memberWithToken } from '../checks/checks.test-helpers.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branch: { id: number; title: string };
let otherBranch: { id: number; title: string };
let branchManager: { token: string; employeeId: number };

const MONTH = '2026-05';

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branch = await createBranch(t, adminToken);
  otherBranch = await createBranch(t, adminToken);
  branchManager = await addManager(
    t.app,
    t.database.db,
    { companyId: company.companyId, adminToken },
    { kind: 'UNITS', branchIds: [branch.id] },
  );
});
afterAll(async () => {
  await t.close();
});

function post(action: string, payload: Record<string, unknown>, token: string | undefined) {
  return call(t.app, { method: 'POST', url: `/api/v1/month-periods/${action}`, token, payload });
}

describe('month periods', () => {
  it('lists every branch and department as a draft until submitted', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: `/api/v1/month-periods?month=${MONTH}`,
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    const body = MonthPeriodsSchema.parse(response.data);
    const item = body.items.find((entry) => entry.unit.id === branch.id);
    expect(item).toMatchObject({ status: 'DRAFT', unit: { kind: 'BRANCH' }, submittedBy: null });
  });

  it('goes draft → submitted by the branch manager → approved by the admin, with names and times', async () => {
    const submitted = await post(
      'submit',
      { month: MONTH, branchId: branch.id },
      branchManager.token,
    );
    expect(submitted.statusCode).toBe(200);
    expect(MonthPeriodSchema.parse(submitted.data)).toMatchObject({
      status: 'SUBMITTED',
      submittedBy: { id: branchManager.employeeId },
    });
    expect(submitted.data.submittedBy.name).not.toBe('');
    expect(
      (await post('submit', { month: MONTH, branchId: branch.id }, adminToken)).statusCode,
    ).toBe(409);

    // A manager does not approve, even in their own branch.
    expect(
      (await post('approve', { month: MONTH, branchId: branch.id }, branchManager.token))
        .statusCode,
    ).toBe(403);
    const approved = await post('approve', { month: MONTH, branchId: branch.id }, adminToken);
    expect(approved.statusCode).toBe(200);
    expect(approved.data).toMatchObject({ status: 'APPROVED' });
    expect(approved.data.approvedAt).toEqual(expect.any(String));

    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/month-periods?month=${MONTH}&branchId=${branch.id}`,
      token: branchManager.token,
    });
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({
      status: 'APPROVED',
      submittedBy: { id: branchManager.employeeId },
    });
  });

  it('answers 409 to the second of two concurrent approvals', async () => {
    const month = '2026-06';
    await post('submit', { month, branchId: otherBranch.id }, adminToken);
    const answers = await Promise.all([
      post('approve', { month, branchId: otherBranch.id }, adminToken),
      post('approve', { month, branchId: otherBranch.id }, adminToken),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.data.message).toBe(
      'Месяц уже утверждён',
    );
  });

  it('reopens with a reason only, and audits submit, approve and reopen with who and why', async () => {
    const month = '2026-07';
    await post('submit', { month, branchId: branch.id }, adminToken);
    await post('approve', { month, branchId: branch.id }, adminToken);
    const empty = await post('reopen', { month, branchId: branch.id, reason: '  ' }, adminToken);
    expect(empty.statusCode).toBe(422);
    expect(empty.data.details).toEqual([{ field: 'reason', message: 'Укажите причину' }]);
    expect(
      (
        await post(
          'reopen',
          { month, branchId: branch.id, reason: 'Ошибка в отметках' },
          branchManager.token,
        )
      ).statusCode,
    ).toBe(403);
    const reopened = await post(
      'reopen',
      { month, branchId: branch.id, reason: 'Ошибка в отметках' },
      adminToken,
    );
    expect(reopened.statusCode).toBe(200);
    expect(reopened.data).toMatchObject({
      status: 'DRAFT',
      approvedBy: null,
      reopenReason: 'Ошибка в отметках',
    });
    expect(reopened.data.reopenedBy).not.toBeNull();
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.companyId), eq(auditLog.entity, 'month_period')));
    const ofMonth = entries.filter((entry) => (entry.details as { month: string }).month === month);
    expect(ofMonth.map((entry) => entry.action)).toEqual([
      'MONTH_PERIOD_SUBMIT',
      'MONTH_PERIOD_APPROVE',
      'MONTH_PERIOD_REOPEN',
    ]);
    expect(ofMonth[2]).toMatchObject({
      userId: company.adminUserId,
      details: { reason: 'Ошибка в отметках', branchId: branch.id },
    });
    expect(ofMonth[2]!.createdAt).toBeInstanceOf(Date);
  });

  it('keeps a manager to the units of their scope: another branch is not found', async () => {
    const response = await post(
      'submit',
      { month: MONTH, branchId: otherBranch.id },
      branchManager.token,
    );
    expect(response.statusCode).toBe(404);
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/month-periods?month=${MONTH}`,
      token: branchManager.token,
    });
    expect(list.data.items.map((item: { unit: { id: number } }) => item.unit.id)).toEqual([
      branch.id,
    ]);
    const one = await call(t.app, {
      method: 'GET',
      url: `/api/v1/month-periods?month=${MONTH}&branchId=${otherBranch.id}`,
      token: branchManager.token,
    });
    expect(one.statusCode).toBe(404);
  });

  it('submits a department month, sub-departments are a department manager’s too', async () => {
    const [parent] = await t.database.db
      .insert(departments)
      .values({ companyId: company.companyId, title: 'Склад' })
      .returning();
    const [child] = await t.database.db
      .insert(departments)
      .values({ companyId: company.companyId, title: 'Приёмка', parentId: parent!.id })
      .returning();
    const manager = await addManager(
      t.app,
      t.database.db,
      { companyId: company.companyId, adminToken },
      { kind: 'UNITS', departmentIds: [parent!.id] },
    );
    const response = await post('submit', { month: MONTH, departmentId: child!.id }, manager.token);
    expect(response.statusCode).toBe(200);
    expect(response.data.unit).toEqual({ kind: 'DEPARTMENT', id: child!.id, title: 'Приёмка' });
  });

  it('refuses an employee (403), another company (404), no token (401) and a bad key (422)', async () => {
    const employee = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    expect(
      (await post('submit', { month: MONTH, branchId: branch.id }, employee.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/month-periods?month=${MONTH}`,
          token: employee.token,
        })
      ).statusCode,
    ).toBe(403);

    const other = await createCompany(t.app);
    for (const action of ['submit', 'approve']) {
      expect(
        (await post(action, { month: MONTH, branchId: branch.id }, other.admin.tokens.accessToken))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (
        await post(
          'reopen',
          { month: MONTH, branchId: branch.id, reason: 'Проверка' },
          other.admin.tokens.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/month-periods?month=${MONTH}&branchId=${branch.id}`,
          token: other.admin.tokens.accessToken,
        })
      ).statusCode,
    ).toBe(404);

    for (const action of ['submit', 'approve', 'reopen']) {
      expect(
        (await post(action, { month: MONTH, branchId: branch.id }, undefined)).statusCode,
      ).toBe(401);
    }
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/month-periods?month=${MONTH}` }))
        .statusCode,
    ).toBe(401);

    const both = await post(
      'submit',
      { month: MONTH, branchId: branch.id, departmentId: 1 },
      adminToken,
    );
    expect(both.statusCode).toBe(422);
    expect(both.data.details[0].field).toBe('branchId');
    expect(
      (await post('submit', { month: '2026-13', branchId: branch.id }, adminToken)).statusCode,
    ).toBe(422);
  });
});
