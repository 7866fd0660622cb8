import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CompanyInvitationsPageSchema,
  EMPLOYEE_INVITED_MESSAGE,
  EmployeeInvitedSchema,
  EmployeeSchema,
  MyCompaniesSchema,
  MyInvitationsSchema,
  TokenPairSchema,
} from '@smena/contract';
import { companies, employees, notifications, positions } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  unique,
  uniquePhone,
  type TestCompany,
} from '../../../test/factories.ts';
import { DEFAULT_PASSWORD, TEST_SUPERADMIN } from '../../../test/test-constants.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function input(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    firstName: 'Анна',
    lastName: `Иванова${id}`,
    email: `employee-${id}@example.ru`,
    phone: uniquePhone(),
    ...overrides,
  };
}

function addEmployee(token: string, payload: Record<string, unknown>) {
  return call(t.app, { method: 'POST', url: '/api/v1/employees', token, payload });
}

/** A person who works in their own company (they registered it). */
async function person(): Promise<TestCompany> {
  return createCompany(t.app);
}

async function invite(inviter: TestCompany, invited: TestCompany, extra = {}) {
  const response = await addEmployee(
    inviter.admin.tokens.accessToken,
    input({ email: invited.admin.email, ...extra }),
  );
  expect(response.statusCode, response.body).toBe(202);
  return EmployeeInvitedSchema.parse(response.data).invitation;
}

async function myInvitations(token: string) {
  const response = await call(t.app, { method: 'GET', url: '/api/v1/profile/invitations', token });
  expect(response.statusCode).toBe(200);
  return MyInvitationsSchema.parse(response.data).items;
}

describe('POST /employees with an existing account', () => {
  it('invites by email: 202, the plain message, no membership, nothing of the account', async () => {
    const inviter = await person();
    const invited = await person();
    const [position] = await t.database.db
      .insert(positions)
      .values({ companyId: inviter.companyId, title: `Кассир ${unique()}` })
      .returning();
    const response = await addEmployee(
      inviter.admin.tokens.accessToken,
      input({ email: invited.admin.email, positionId: position!.id, personnelNumber: '77' }),
    );
    expect(response.statusCode).toBe(202);
    const body = EmployeeInvitedSchema.parse(response.data);
    expect(body.message).toBe(EMPLOYEE_INVITED_MESSAGE);
    expect(body.invitation).toMatchObject({
      status: 'PENDING',
      email: invited.admin.email,
      positionTitle: position!.title,
      personnelNumber: '77',
    });
    // The typed phone, not the account's.
    expect(body.invitation.phone).not.toBe(invited.admin.phone);
    const rows = await t.database.db
      .select()
      .from(employees)
      .where(
        and(eq(employees.companyId, inviter.companyId), eq(employees.userId, invited.adminUserId)),
      );
    expect(rows).toEqual([]);
  });

  it('invites by phone too', async () => {
    const inviter = await person();
    const invited = await person();
    const response = await addEmployee(
      inviter.admin.tokens.accessToken,
      input({ phone: invited.admin.phone }),
    );
    expect(response.statusCode).toBe(202);
    expect(await myInvitations(invited.admin.tokens.accessToken)).toHaveLength(1);
  });

  it('answers 409 when email and phone belong to two different accounts', async () => {
    const inviter = await person();
    const first = await person();
    const second = await person();
    const response = await addEmployee(
      inviter.admin.tokens.accessToken,
      input({ email: first.admin.email, phone: second.admin.phone }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.data.details.map((detail: { field: string }) => detail.field)).toEqual([
      'email',
      'phone',
    ]);
  });

  it('answers 409 when an invitation is already pending', async () => {
    const inviter = await person();
    const invited = await person();
    await invite(inviter, invited);
    const again = await addEmployee(
      inviter.admin.tokens.accessToken,
      input({ email: invited.admin.email }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.data.message).toContain('уже отправлено приглашение');
  });

  it('still refuses the super admin', async () => {
    const inviter = await person();
    const response = await addEmployee(
      inviter.admin.tokens.accessToken,
      input({ email: TEST_SUPERADMIN.email }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.data.message).toBe('Супер админа нельзя добавить в компанию');
  });

  it('tells the person in the bell of the company they work in', async () => {
    const inviter = await person();
    const invited = await person();
    await invite(inviter, invited);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, invited.adminUserId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyId: invited.companyId,
      kind: 'INVITATION',
      url: '/company/profile/user#invitations',
    });
    const bell = await call(t.app, {
      method: 'GET',
      url: '/api/v1/notifications',
      token: invited.admin.tokens.accessToken,
    });
    expect(bell.data.items[0].kind).toBe('INVITATION');
  });
});

describe('the company’s invitations', () => {
  it('lists the pending ones and cancels one; the person no longer sees it', async () => {
    const inviter = await person();
    const invited = await person();
    const invitation = await invite(inviter, invited);
    const token = inviter.admin.tokens.accessToken;
    const list = await call(t.app, { method: 'GET', url: '/api/v1/invitations', token });
    expect(list.statusCode).toBe(200);
    expect(CompanyInvitationsPageSchema.parse(list.data).items.map((item) => item.id)).toEqual([
      invitation.id,
    ]);

    const cancelled = await call(t.app, {
      method: 'POST',
      url: `/api/v1/invitations/${invitation.id}/cancel`,
      token,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.data.status).toBe('CANCELLED');
    const pending = await call(t.app, { method: 'GET', url: '/api/v1/invitations', token });
    expect(pending.data.total).toBe(0);
    const all = await call(t.app, { method: 'GET', url: '/api/v1/invitations?status=ALL', token });
    expect(all.data.items[0].status).toBe('CANCELLED');
    expect(await myInvitations(invited.admin.tokens.accessToken)).toEqual([]);

    const accept = await call(t.app, {
      method: 'POST',
      url: `/api/v1/profile/invitations/${invitation.id}/accept`,
      token: invited.admin.tokens.accessToken,
    });
    expect(accept.statusCode).toBe(409);
    const twice = await call(t.app, {
      method: 'POST',
      url: `/api/v1/invitations/${invitation.id}/cancel`,
      token,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('answers 404 for another company’s invitation and 403 to an employee', async () => {
    const inviter = await person();
    const other = await person();
    const invited = await person();
    const invitation = await invite(inviter, invited);
    const foreign = await call(t.app, {
      method: 'POST',
      url: `/api/v1/invitations/${invitation.id}/cancel`,
      token: other.admin.tokens.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
    const member = await addMember(t.database.db, inviter.companyId, 'EMPLOYEE');
    const tokens = await login(t.app, member.user.email);
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/invitations',
      token: tokens.accessToken,
    });
    expect(list.statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/invitations'],
      ['POST', '/api/v1/invitations/1/cancel'],
      ['GET', '/api/v1/profile/invitations'],
      ['POST', '/api/v1/profile/invitations/1/accept'],
      ['POST', '/api/v1/profile/invitations/1/decline'],
      ['GET', '/api/v1/profile/companies'],
      ['POST', '/api/v1/profile/companies/1/switch'],
    ] as const) {
      const response = await call(t.app, { method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the person answers', () => {
  it('accepts: the membership with the proposed data, the company then sees them', async () => {
    const inviter = await person();
    const invited = await person();
    const invitation = await invite(inviter, invited, { role: 'MANAGER', hireDate: '2026-03-01' });
    const [mine] = await myInvitations(invited.admin.tokens.accessToken);
    expect(mine).toMatchObject({
      id: invitation.id,
      companyId: inviter.companyId,
      role: 'MANAGER',
    });

    const accepted = await call(t.app, {
      method: 'POST',
      url: `/api/v1/profile/invitations/${invitation.id}/accept`,
      token: invited.admin.tokens.accessToken,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.data).toMatchObject({ companyId: inviter.companyId });
    const employee = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${accepted.data.employeeId}`,
      token: inviter.admin.tokens.accessToken,
    });
    expect(EmployeeSchema.parse(employee.data)).toMatchObject({
      userId: invited.adminUserId,
      email: invited.admin.email,
      role: 'MANAGER',
      hireDate: '2026-03-01',
      canEditIdentity: false,
    });
    // The inviter hears it.
    const [answer] = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, inviter.adminUserId),
          eq(notifications.dedupeKey, `invitation-answer:${invitation.id}`),
        ),
      );
    expect(answer?.title).toContain('принял(а) приглашение');

    // Then the person switches into the new company and works there.
    const companiesList = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/companies',
      token: invited.admin.tokens.accessToken,
    });
    expect(
      MyCompaniesSchema.parse(companiesList.data).items.map((item) => [
        item.companyId,
        item.current,
      ]),
    ).toEqual([
      [invited.companyId, true],
      [inviter.companyId, false],
    ]);
    const switched = await call(t.app, {
      method: 'POST',
      url: `/api/v1/profile/companies/${inviter.companyId}/switch`,
      token: invited.admin.tokens.accessToken,
    });
    expect(switched.statusCode).toBe(200);
    const tokens = TokenPairSchema.parse(switched.data);
    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: tokens.accessToken,
    });
    expect(me.data).toMatchObject({ companyId: inviter.companyId, role: 'MANAGER' });
    // The session left behind has ended.
    const old = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: invited.admin.tokens.accessToken,
    });
    expect(old.statusCode).toBe(401);
  });

  it('declines: no membership, the company sees DECLINED', async () => {
    const inviter = await person();
    const invited = await person();
    const invitation = await invite(inviter, invited);
    const declined = await call(t.app, {
      method: 'POST',
      url: `/api/v1/profile/invitations/${invitation.id}/decline`,
      token: invited.admin.tokens.accessToken,
    });
    expect(declined.statusCode).toBe(200);
    const all = await call(t.app, {
      method: 'GET',
      url: '/api/v1/invitations?status=ALL',
      token: inviter.admin.tokens.accessToken,
    });
    expect(all.data.items[0].status).toBe('DECLINED');
    const rows = await t.database.db
      .select()
      .from(employees)
      .where(eq(employees.companyId, inviter.companyId));
    expect(rows.map((row) => row.userId)).toEqual([inviter.adminUserId]);
    // Invited again later: a new invitation is allowed.
    await invite(inviter, invited);
  });

  it('answers 404 to anyone else, including the inviting admin', async () => {
    const inviter = await person();
    const invited = await person();
    const invitation = await invite(inviter, invited);
    for (const action of ['accept', 'decline']) {
      const response = await call(t.app, {
        method: 'POST',
        url: `/api/v1/profile/invitations/${invitation.id}/${action}`,
        token: inviter.admin.tokens.accessToken,
      });
      expect(response.statusCode).toBe(404);
    }
    const switchForeign = await call(t.app, {
      method: 'POST',
      url: `/api/v1/profile/companies/${inviter.companyId}/switch`,
      token: invited.admin.tokens.accessToken,
    });
    expect(switchForeign.statusCode).toBe(404);
  });

  it('cannot accept when the plan has no free seat; can after a seat frees', async () => {
    const inviter = await person();
    const invited = await person();
    const invitation = await invite(inviter, invited);
    // The company filled its plan after inviting.
    await t.database.db
      .update(companies)
      .set({ userLimit: 1 })
      .where(eq(companies.id, inviter.companyId));
    const url = `/api/v1/profile/invitations/${invitation.id}/accept`;
    const full = await call(t.app, {
      method: 'POST',
      url,
      token: invited.admin.tokens.accessToken,
    });
    expect(full.statusCode).toBe(409);
    expect(full.data.code).toBe('PLAN_LIMIT_REACHED');
    expect(full.data.message).toContain('закончились места по тарифу');
    expect(await myInvitations(invited.admin.tokens.accessToken)).toHaveLength(1);
    await t.database.db
      .update(companies)
      .set({ userLimit: 2 })
      .where(eq(companies.id, inviter.companyId));
    const ok = await call(t.app, { method: 'POST', url, token: invited.admin.tokens.accessToken });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses to invite when the plan is already full', async () => {
    const inviter = await person();
    const invited = await person();
    await t.database.db
      .update(companies)
      .set({ userLimit: 1 })
      .where(eq(companies.id, inviter.companyId));
    const response = await addEmployee(
      inviter.admin.tokens.accessToken,
      input({ email: invited.admin.email }),
    );
    expect(response.data.code).toBe('PLAN_LIMIT_REACHED');
  });
});

describe('removal from a company', () => {
  it('ends that membership only: the person still logs into their other company', async () => {
    const inviter = await person();
    const invited = await person();
    const invitation = await invite(inviter, invited);
    const accepted = await call(t.app, {
      method: 'POST',
      url: `/api/v1/profile/invitations/${invitation.id}/accept`,
      token: invited.admin.tokens.accessToken,
    });
    expect(accepted.statusCode).toBe(200);

    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/profile/delete/${invited.adminUserId}`,
      token: inviter.admin.tokens.accessToken,
    });
    expect(removed.statusCode).toBe(200);
    const tokens = await login(t.app, invited.admin.email, DEFAULT_PASSWORD);
    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: tokens.accessToken,
    });
    expect(me.data).toMatchObject({
      companyId: invited.companyId,
      role: 'ADMIN',
      status: 'ACTIVE',
    });
    const [membership] = await t.database.db
      .select()
      .from(employees)
      .where(
        and(eq(employees.companyId, inviter.companyId), eq(employees.userId, invited.adminUserId)),
      );
    expect(membership?.status).toBe('DEACTIVATED');
  });

  it('dismissal ends that membership only as well', async () => {
    const inviter = await person();
    const invited = await person();
    const invitation = await invite(inviter, invited);
    const accepted = await call(t.app, {
      method: 'POST',
      url: `/api/v1/profile/invitations/${invitation.id}/accept`,
      token: invited.admin.tokens.accessToken,
    });
    const dismissed = await call(t.app, {
      method: 'POST',
      url: `/api/v1/employees/${accepted.data.employeeId}/dismiss`,
      token: inviter.admin.tokens.accessToken,
      payload: { dismissedAt: '2026-04-01' },
    });
    expect(dismissed.statusCode).toBe(200);
    const tokens = await login(t.app, invited.admin.email, DEFAULT_PASSWORD);
    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: tokens.accessToken,
    });
    expect(me.data.companyId).toBe(invited.companyId);
  });
});
