import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  CompanyInvitationsPageSchema,
  EmployeeInvitedSchema,
  RegistrationLinksPageSchema,
  type ManagerScopeInput,
} from '@smena/contract';
import {
  companyInvitations,
  departments,
  employees,
  notifications,
  registrationLinks,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addManager,
  createCompany,
  unique,
  uniquePhone,
  type TestCompany,
} from '../../../test/factories.ts';
import { createBranch } from '../checks/checks.test-helpers.ts';

/**
 * Decision 016 for people who are not employees yet: a manager limited to branch A sees and
 * cancels only the invitations proposing branch A (or one of their departments); registration
 * links, which admit people into a department, only into one of their departments.
 */
let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branchA: number;
let branchB: number;
let parentDepartment: number;
let childDepartment: number;
let managerA: string;
let departmentManager: string;
let companyManager: string;

async function managerToken(scope: ManagerScopeInput | null): Promise<string> {
  const added = await addManager(
    t.app,
    t.database.db,
    { companyId: company.companyId, adminToken },
    scope,
  );
  return added.token;
}

/** A pending invitation proposing these branches and department. */
async function invitation(proposal: { branchIds?: number[]; departmentId?: number }) {
  const id = unique();
  const email = `invited-${id}@example.ru`;
  const phone = uniquePhone();
  const [user] = await t.database.db
    .insert(users)
    .values({ email, phone, passwordHash: 'x', firstName: 'Ольга', lastName: `Приглашённая${id}` })
    .returning({ id: users.id });
  const [row] = await t.database.db
    .insert(companyInvitations)
    .values({
      companyId: company.companyId,
      userId: user!.id,
      invitedByUserId: company.adminUserId,
      email,
      phone,
      role: 'EMPLOYEE',
      branchIds: proposal.branchIds ?? [],
      departmentId: proposal.departmentId ?? null,
    })
    .returning({ id: companyInvitations.id });
  return row!.id;
}

async function invitationIds(token: string): Promise<{ ids: number[]; total: number }> {
  const response = await call(t.app, {
    method: 'GET',
    url: '/api/v1/invitations?status=ALL&limit=100',
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = CompanyInvitationsPageSchema.parse(response.data);
  return { ids: page.items.map((item) => item.id).sort((a, b) => a - b), total: page.total };
}

async function linkIds(token: string): Promise<{ ids: string[]; total: number }> {
  const response = await call(t.app, {
    method: 'GET',
    url: '/api/v1/registration-links?limit=100',
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = RegistrationLinksPageSchema.parse(response.data);
  return { ids: page.items.map((item) => item.id).sort(), total: page.total };
}

function createLink(token: string, payload: Record<string, unknown>) {
  return call(t.app, { method: 'POST', url: '/api/v1/registration-links', token, payload });
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branchA = (await createBranch(t, adminToken, { title: `Филиал А ${unique()}` })).id;
  branchB = (await createBranch(t, adminToken, { title: `Филиал Б ${unique()}` })).id;
  const [parent] = await t.database.db
    .insert(departments)
    .values({ companyId: company.companyId, title: `Продажи ${unique()}` })
    .returning();
  parentDepartment = parent!.id;
  const [child] = await t.database.db
    .insert(departments)
    .values({ companyId: company.companyId, title: `Опт ${unique()}`, parentId: parentDepartment })
    .returning();
  childDepartment = child!.id;
  managerA = await managerToken({ kind: 'UNITS', branchIds: [branchA] });
  departmentManager = await managerToken({ kind: 'UNITS', departmentIds: [parentDepartment] });
  companyManager = await managerToken(null);
});
afterAll(async () => {
  await t.close();
});

describe('invitations of a limited manager', () => {
  it('lists only the invitations of their units; another branch’s answer 404 to cancel', async () => {
    const atA = await invitation({ branchIds: [branchA, branchB] });
    const atB = await invitation({ branchIds: [branchB] });
    const inChild = await invitation({ departmentId: childDepartment });
    const nowhere = await invitation({});

    // An invitation the manager of A makes (an existing account, into branch A) is theirs.
    const invited = await createCompany(t.app);
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: managerA,
      payload: {
        firstName: 'Анна',
        lastName: `Иванова${unique()}`,
        email: invited.admin.email,
        phone: uniquePhone(),
        branchIds: [branchA],
      },
    });
    expect(made.statusCode, made.body).toBe(202);
    const ownInvitation = EmployeeInvitedSchema.parse(made.data).invitation.id;

    const all = [atA, atB, inChild, nowhere, ownInvitation].sort((a, b) => a - b);
    expect(await invitationIds(adminToken)).toEqual({ ids: all, total: 5 });
    expect(await invitationIds(companyManager)).toEqual({ ids: all, total: 5 });
    expect(await invitationIds(managerA)).toEqual({
      ids: [atA, ownInvitation].sort((a, b) => a - b),
      total: 2,
    });
    expect(await invitationIds(departmentManager)).toEqual({ ids: [inChild], total: 1 });

    const cancel = (token: string, id: number) =>
      call(t.app, { method: 'POST', url: `/api/v1/invitations/${id}/cancel`, token });
    for (const id of [atB, inChild, nowhere]) {
      expect((await cancel(managerA, id)).statusCode).toBe(404);
    }
    expect((await cancel(departmentManager, atA)).statusCode).toBe(404);
    const [untouched] = await t.database.db
      .select({ status: companyInvitations.status })
      .from(companyInvitations)
      .where(eq(companyInvitations.id, atB));
    expect(untouched!.status).toBe('PENDING');

    const cancelled = await cancel(managerA, atA);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.data).toMatchObject({ id: atA, status: 'CANCELLED' });
    expect((await cancel(departmentManager, inChild)).statusCode).toBe(200);
    expect((await cancel(companyManager, atB)).statusCode).toBe(200);
    expect((await cancel(adminToken, nowhere)).statusCode).toBe(200);
  });
});

describe('the answer to a limited manager’s invitation', () => {
  /** A person with an account (their own company) invited by the manager into `branchIds`. */
  async function invitedBy(manager: { token: string }, branchIds: number[]) {
    const person = await createCompany(t.app);
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: manager.token,
      payload: {
        firstName: 'Анна',
        lastName: `Иванова${unique()}`,
        email: person.admin.email,
        phone: uniquePhone(),
        branchIds,
      },
    });
    expect(made.statusCode, made.body).toBe(202);
    return { person, invitationId: EmployeeInvitedSchema.parse(made.data).invitation.id };
  }

  async function answer(
    invited: { person: TestCompany; invitationId: number },
    action: 'accept' | 'decline',
  ) {
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/v1/profile/invitations/${invited.invitationId}/${action}`,
      token: invited.person.admin.tokens.accessToken,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function answersHeardBy(userId: number): Promise<string[]> {
    const rows = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'INVITATION')))
      .orderBy(asc(notifications.id));
    return rows.map((row) => row.title);
  }

  it('reaches the manager while the person is in their scope, not after they moved store', async () => {
    const manager = await addManager(
      t.app,
      t.database.db,
      { companyId: company.companyId, adminToken },
      { kind: 'UNITS', branchIds: [branchA] },
    );
    const kept = await invitedBy(manager, [branchA]);
    const moved = await invitedBy(manager, [branchA]);
    const declinedAfterMove = await invitedBy(manager, [branchA]);

    await answer(kept, 'accept');
    expect(await answersHeardBy(manager.user.id)).toEqual([
      expect.stringContaining('принял(а) приглашение'),
    ]);

    const rescoped = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/employees/${manager.employeeId}/manager-scope`,
      token: adminToken,
      payload: { kind: 'UNITS', branchIds: [branchB] },
    });
    expect(rescoped.statusCode, rescoped.body).toBe(200);
    await answer(moved, 'accept');
    await answer(declinedAfterMove, 'decline');
    expect(await answersHeardBy(manager.user.id)).toHaveLength(1);
  });

  it('does not reach an inviter who no longer manages the company', async () => {
    const manager = await addManager(
      t.app,
      t.database.db,
      { companyId: company.companyId, adminToken },
      null,
    );
    const invited = await invitedBy(manager, [branchB]);
    await t.database.db
      .update(employees)
      .set({ role: 'EMPLOYEE' })
      .where(eq(employees.id, manager.employeeId));
    await answer(invited, 'decline');
    expect(await answersHeardBy(manager.user.id)).toEqual([]);
  });
});

describe('registration links of a limited manager', () => {
  it('are made, listed and revoked only into their departments', async () => {
    const companyWide = await createLink(adminToken, {});
    expect(companyWide.statusCode, companyWide.body).toBe(201);
    const intoParent = await createLink(adminToken, { departmentId: parentDepartment });
    expect(intoParent.statusCode, intoParent.body).toBe(201);

    // Into a sub-department of theirs: yes; company-wide (the visitor would choose): no.
    const intoChild = await createLink(departmentManager, { departmentId: childDepartment });
    expect(intoChild.statusCode, intoChild.body).toBe(201);
    const refused = await createLink(departmentManager, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.data.details).toEqual([expect.objectContaining({ field: 'departmentId' })]);
    // A manager of branches only: a link admits nobody into a branch.
    for (const payload of [{}, { departmentId: childDepartment }]) {
      expect((await createLink(managerA, payload)).statusCode).toBe(422);
    }
    expect((await createLink(companyManager, {})).statusCode).toBe(201);

    const admins = await linkIds(adminToken);
    expect(admins.total).toBe(4);
    expect(await linkIds(companyManager)).toEqual(admins);
    expect(await linkIds(departmentManager)).toEqual({
      ids: [intoParent.data.id, intoChild.data.id].sort(),
      total: 2,
    });
    expect(await linkIds(managerA)).toEqual({ ids: [], total: 0 });

    const revoke = (token: string, id: string) =>
      call(t.app, { method: 'DELETE', url: `/api/v1/registration-links/${id}`, token });
    expect((await revoke(departmentManager, companyWide.data.id)).statusCode).toBe(404);
    expect((await revoke(managerA, intoChild.data.id)).statusCode).toBe(404);
    const [stillActive] = await t.database.db
      .select({ revokedAt: registrationLinks.revokedAt })
      .from(registrationLinks)
      .where(eq(registrationLinks.id, companyWide.data.id));
    expect(stillActive!.revokedAt).toBeNull();
    const revoked = await revoke(departmentManager, intoChild.data.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.data).toMatchObject({ state: 'REVOKED' });
  });
});
