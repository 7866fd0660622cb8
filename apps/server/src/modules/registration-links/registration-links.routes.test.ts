import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CompanySchema,
  PublicRegistrationLinkSchema,
  RegistrationLinkSchema,
  RegistrationLinksPageSchema,
  TokenPairSchema,
  TRIAL_DAYS,
} from '@smena/contract';
import {
  companies,
  departments,
  employees,
  positions,
  registrationLinks,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  makeRegistration,
  unique,
  uniquePhone,
  type TestCompany,
} from '../../../test/factories.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let superToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  await setCompany(company.companyId, { userLimit: 1000 });
  adminToken = company.admin.tokens.accessToken;
  superToken = (await loginSuperAdmin(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function setCompany(companyId: number, values: Partial<typeof companies.$inferInsert>) {
  await t.database.db.update(companies).set(values).where(eq(companies.id, companyId));
}

async function setLink(id: string, values: Partial<typeof registrationLinks.$inferInsert>) {
  await t.database.db.update(registrationLinks).set(values).where(eq(registrationLinks.id, id));
}

async function readLink(id: string) {
  const [row] = await t.database.db
    .select()
    .from(registrationLinks)
    .where(eq(registrationLinks.id, id));
  return row!;
}

async function makeDepartment(companyId: number, title = `Отдел ${unique()}`) {
  const [row] = await t.database.db.insert(departments).values({ companyId, title }).returning();
  return row!;
}

async function makePosition(companyId: number, title = `Должность ${unique()}`) {
  const [row] = await t.database.db.insert(positions).values({ companyId, title }).returning();
  return row!;
}

async function createLink(token: string, payload: object = {}) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/registration-links',
    token,
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`link failed: ${response.body}`);
  return RegistrationLinkSchema.parse(response.data);
}

async function createCompanyLink(payload: object = { userCount: 25 }) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/admin/registration-links',
    token: superToken,
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`company link failed: ${response.body}`);
  return RegistrationLinkSchema.parse(response.data);
}

function readPublic(id: string) {
  return call(t.app, { method: 'GET', url: `/api/v1/registration-links/${id}/public` });
}

function registration(linkUUID: string, overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    firstName: 'Мария',
    lastName: `Новикова${id}`,
    email: `newcomer-${id}@example.ru`,
    phone: uniquePhone(),
    country: 'RU',
    password: 'newcomer-password-1',
    linkUUID,
    ...overrides,
  };
}

function registerWithLink(payload: object) {
  return call(t.app, { method: 'POST', url: '/api/v1/auth/register-with-link', payload });
}

function registerWithCompanyLink(payload: object) {
  return call(t.app, { method: 'POST', url: '/api/v1/auth/register-with-company-link', payload });
}

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

describe('employee links: create, list, revoke', () => {
  it('creates a link into a department and position of the company', async () => {
    const department = await makeDepartment(company.companyId, 'Логистика');
    const position = await makePosition(company.companyId, 'Водитель');
    const expiresAt = inAnHour();
    const link = await createLink(adminToken, {
      departmentId: department.id,
      positionId: position.id,
      expiresAt,
      maxUses: 5,
    });
    expect(link).toMatchObject({
      kind: 'EMPLOYEE',
      companyId: company.companyId,
      departmentId: department.id,
      departmentTitle: 'Логистика',
      positionId: position.id,
      positionTitle: 'Водитель',
      userCount: null,
      expiresAt: new Date(expiresAt).toISOString(),
      maxUses: 5,
      usedCount: 0,
      revokedAt: null,
      state: 'ACTIVE',
    });
  });

  it('answers 422 for another company’s department, a past expiry or zero uses', async () => {
    const other = await createCompany(t.app);
    const foreign = await makeDepartment(other.companyId);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/registration-links',
      token: adminToken,
      payload: { departmentId: foreign.id, positionId: 999_999 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details.map((detail: { field: string }) => detail.field)).toEqual([
      'departmentId',
      'positionId',
    ]);
    const past = await call(t.app, {
      method: 'POST',
      url: '/api/v1/registration-links',
      token: adminToken,
      payload: { expiresAt: '2020-01-01T00:00:00Z', maxUses: 0 },
    });
    expect(past.statusCode).toBe(422);
    expect(past.data.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'expiresAt',
      'maxUses',
    ]);
  });

  it('is open to a MANAGER, closed to an EMPLOYEE (403) and to anonymous callers (401)', async () => {
    const manager = await addMember(t.database.db, company.companyId, 'MANAGER');
    const managerToken = (await login(t.app, manager.user.email)).accessToken;
    await createLink(managerToken);
    const employee = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const employeeToken = (await login(t.app, employee.user.email)).accessToken;
    for (const request of [
      { method: 'POST' as const, url: '/api/v1/registration-links', payload: {} },
      { method: 'GET' as const, url: '/api/v1/registration-links' },
    ]) {
      expect((await call(t.app, { ...request, token: employeeToken })).statusCode).toBe(403);
      expect((await call(t.app, request)).statusCode).toBe(401);
    }
  });

  it('lists the company’s links newest first, usable ones by default and all with their state', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const used = await createLink(token, { maxUses: 1 });
    const expired = await createLink(token);
    const revoked = await createLink(token);
    const active = await createLink(token);
    await setLink(used.id, { usedCount: 1 });
    await setLink(expired.id, { expiresAt: new Date(Date.now() - 1000) });
    await call(t.app, { method: 'DELETE', url: `/api/v1/registration-links/${revoked.id}`, token });
    await createLink(adminToken);

    const usable = await call(t.app, { method: 'GET', url: '/api/v1/registration-links', token });
    expect(usable.statusCode).toBe(200);
    const usablePage = RegistrationLinksPageSchema.parse(usable.data);
    expect(usablePage.items.map((link) => link.id)).toEqual([active.id]);
    expect(usablePage.total).toBe(1);

    const all = await call(t.app, {
      method: 'GET',
      url: '/api/v1/registration-links?state=ALL&limit=3',
      token,
    });
    const page = RegistrationLinksPageSchema.parse(all.data);
    expect(page.total).toBe(4);
    expect(page.items.map((link) => [link.id, link.state])).toEqual([
      [active.id, 'ACTIVE'],
      [revoked.id, 'REVOKED'],
      [expired.id, 'EXPIRED'],
    ]);
    const second = await call(t.app, {
      method: 'GET',
      url: '/api/v1/registration-links?state=ALL&limit=3&page=2',
      token,
    });
    expect(
      second.data.items.map((link: { id: string; state: string }) => [link.id, link.state]),
    ).toEqual([[used.id, 'USED_UP']]);
  });

  it('revokes a link once, and answers 404 to another company and 422 to a malformed id', async () => {
    const link = await createLink(adminToken);
    const url = `/api/v1/registration-links/${link.id}`;
    const revoked = await call(t.app, { method: 'DELETE', url, token: adminToken });
    expect(revoked.statusCode).toBe(200);
    expect(RegistrationLinkSchema.parse(revoked.data)).toMatchObject({ state: 'REVOKED' });
    const again = await call(t.app, { method: 'DELETE', url, token: adminToken });
    expect(again.data.revokedAt).toBe(revoked.data.revokedAt);

    const other = await createCompany(t.app);
    const fresh = await createLink(adminToken);
    const foreign = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/registration-links/${fresh.id}`,
      token: other.admin.tokens.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await readLink(fresh.id)).revokedAt).toBeNull();
    const unknown = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/registration-links/${randomUUID()}`,
      token: adminToken,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/registration-links/not-a-uuid',
      token: adminToken,
    });
    expect(malformed.statusCode).toBe(422);
  });
});

describe('GET /registration-links/:id/public', () => {
  it('tells a visitor the company, department and position of a usable link', async () => {
    const department = await makeDepartment(company.companyId, 'Продажи');
    const link = await createLink(adminToken, { departmentId: department.id });
    const response = await readPublic(link.id);
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ title: companies.title })
      .from(companies)
      .where(eq(companies.id, company.companyId));
    expect(PublicRegistrationLinkSchema.parse(response.data)).toEqual({
      id: link.id,
      kind: 'EMPLOYEE',
      companyTitle: row!.title,
      departmentId: department.id,
      departmentTitle: 'Продажи',
      positionId: null,
      positionTitle: null,
      userCount: null,
    });
  });

  it('answers 410 with the reason for expired, revoked and used-up links, 404 for unknown ones', async () => {
    const expired = await createLink(adminToken);
    await setLink(expired.id, { expiresAt: new Date(Date.now() - 1000) });
    expect((await readPublic(expired.id)).data).toMatchObject({
      statusCode: 410,
      code: 'LINK_EXPIRED',
      message: 'Срок действия ссылки-приглашения истёк',
    });
    const revoked = await createLink(adminToken);
    await setLink(revoked.id, { revokedAt: new Date() });
    expect((await readPublic(revoked.id)).data).toMatchObject({
      statusCode: 410,
      code: 'LINK_REVOKED',
      message: 'Ссылка-приглашение отозвана',
    });
    const usedUp = await createLink(adminToken, { maxUses: 2 });
    await setLink(usedUp.id, { usedCount: 2 });
    expect((await readPublic(usedUp.id)).data).toMatchObject({
      statusCode: 410,
      code: 'LINK_USED_UP',
      message: 'Ссылка-приглашение уже использована',
    });
    const unknown = await readPublic(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data.message).toBe('Ссылка-приглашение не найдена');
    expect((await readPublic('12345')).statusCode).toBe(422);
  });
});

describe('POST /auth/register-with-link', () => {
  it('registers an EMPLOYEE into the link’s department, who can then log in', async () => {
    const department = await makeDepartment(company.companyId, 'Цех');
    const otherDepartment = await makeDepartment(company.companyId);
    const position = await makePosition(company.companyId, 'Токарь');
    const link = await createLink(adminToken, { departmentId: department.id });
    const input = registration(link.id, {
      middleName: 'Ивановна',
      phone: '8 912 444-55-66',
      departmentId: otherDepartment.id,
      positionId: position.id,
    });
    const response = await registerWithLink(input);
    expect(response.statusCode, response.body).toBe(201);
    const tokens = TokenPairSchema.parse(response.data);

    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: tokens.accessToken,
    });
    expect(me.data).toMatchObject({ role: 'EMPLOYEE', companyId: company.companyId });
    const [membership] = await t.database.db
      .select()
      .from(employees)
      .where(eq(employees.id, me.data.id));
    expect(membership).toMatchObject({
      role: 'EMPLOYEE',
      status: 'ACTIVE',
      departmentId: department.id,
      positionId: position.id,
    });
    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: tokens.accessToken,
    });
    expect(profile.data).toMatchObject({
      firstName: 'Мария',
      middleName: 'Ивановна',
      email: input.email,
      phone: '+79124445566',
      country: 'RU',
    });
    await login(t.app, input.email, 'newcomer-password-1');
    expect((await readLink(link.id)).usedCount).toBe(1);
  });

  it('answers 422 when the chosen department is not the company’s', async () => {
    const other = await createCompany(t.app);
    const foreign = await makeDepartment(other.companyId);
    const link = await createLink(adminToken);
    const response = await registerWithLink(registration(link.id, { departmentId: foreign.id }));
    expect(response.statusCode).toBe(422);
    expect(response.data.details[0].field).toBe('departmentId');
    expect((await readLink(link.id)).usedCount).toBe(0);
  });

  it('admits as many people as the link allows, even at once', async () => {
    const link = await createLink(adminToken, { maxUses: 2 });
    expect((await registerWithLink(registration(link.id))).statusCode).toBe(201);
    expect((await registerWithLink(registration(link.id))).statusCode).toBe(201);
    const third = await registerWithLink(registration(link.id));
    expect(third.statusCode).toBe(410);
    expect(third.data.code).toBe('LINK_USED_UP');

    const single = await createLink(adminToken, { maxUses: 1 });
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => registerWithLink(registration(single.id))),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 410, 410, 410]);
    expect((await readLink(single.id)).usedCount).toBe(1);
  });

  it('answers 409 for a registered email or phone, without using the link', async () => {
    const link = await createLink(adminToken);
    const taken = await registerWithLink(registration(link.id, { email: company.admin.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.data.message).toContain('Пользователь с таким email уже зарегистрирован');
    expect(taken.data.message).toContain('Войдите');
    expect(taken.data.details[0].field).toBe('email');
    const phone = await registerWithLink(registration(link.id, { phone: company.admin.phone }));
    expect(phone.statusCode).toBe(409);
    expect(phone.data.details[0].field).toBe('phone');
    expect((await readLink(link.id)).usedCount).toBe(0);
  });

  it('refuses unusable links, company links, full plans and blocked companies', async () => {
    const revoked = await createLink(adminToken);
    await setLink(revoked.id, { revokedAt: new Date() });
    expect((await registerWithLink(registration(revoked.id))).data.code).toBe('LINK_REVOKED');
    const expired = await createLink(adminToken);
    await setLink(expired.id, { expiresAt: new Date(Date.now() - 1000) });
    expect((await registerWithLink(registration(expired.id))).data.code).toBe('LINK_EXPIRED');
    expect((await registerWithLink(registration(randomUUID()))).statusCode).toBe(404);
    const companyLink = await createCompanyLink();
    expect((await registerWithLink(registration(companyLink.id))).statusCode).toBe(404);
    expect((await registerWithLink(registration('not-a-uuid'))).statusCode).toBe(422);

    const full = await createCompany(t.app);
    await setCompany(full.companyId, { userLimit: 1 });
    const fullLink = await createLink(full.admin.tokens.accessToken);
    const limited = await registerWithLink(registration(fullLink.id));
    expect(limited.statusCode).toBe(409);
    expect(limited.data).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Достигнут лимит пользователей тарифа',
    });
    expect((await readLink(fullLink.id)).usedCount).toBe(0);

    const blocked = await createCompany(t.app);
    const blockedLink = await createLink(blocked.admin.tokens.accessToken);
    await setCompany(blocked.companyId, { status: 'BLOCKED' });
    expect((await registerWithLink(registration(blockedLink.id))).data.code).toBe(
      'COMPANY_BLOCKED',
    );
    expect((await readPublic(blockedLink.id)).data.code).toBe('COMPANY_BLOCKED');
  });

  it('answers 422 for an unknown country', async () => {
    const link = await createLink(adminToken);
    const response = await registerWithLink(registration(link.id, { country: 'ZZ' }));
    expect(response.statusCode).toBe(422);
    expect(response.data.details[0].field).toBe('country');
  });
});

describe('company links (super admin)', () => {
  it('are refused to company admins', async () => {
    const link = await createCompanyLink();
    for (const request of [
      {
        method: 'POST' as const,
        url: '/api/v1/admin/registration-links',
        payload: { userCount: 5 },
      },
      { method: 'GET' as const, url: '/api/v1/admin/registration-links' },
      { method: 'DELETE' as const, url: `/api/v1/admin/registration-links/${link.id}` },
    ]) {
      const response = await call(t.app, { ...request, token: adminToken });
      expect(response.statusCode, request.url).toBe(403);
    }
  });

  it('register a company whose user limit is the link’s user count', async () => {
    const link = await createCompanyLink({ userCount: 25 });
    expect(link).toMatchObject({
      kind: 'COMPANY',
      companyId: null,
      userCount: 25,
      maxUses: 1,
      state: 'ACTIVE',
    });
    const listed = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/registration-links',
      token: superToken,
    });
    expect(RegistrationLinksPageSchema.parse(listed.data).items[0]!.id).toBe(link.id);
    expect((await readPublic(link.id)).data).toMatchObject({
      kind: 'COMPANY',
      companyTitle: null,
      userCount: 25,
    });

    const input = { ...makeRegistration(), linkUUID: link.id, userCount: 3 };
    const response = await registerWithCompanyLink(input);
    expect(response.statusCode, response.body).toBe(201);
    const tokens = TokenPairSchema.parse(response.data);
    const created = CompanySchema.parse(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/v1/profile/company',
          token: tokens.accessToken,
        })
      ).data,
    );
    expect(created).toMatchObject({ title: input.title, userLimit: 25, isTrial: true });
    const trialDays = (Date.parse(created.paidUntil!) - Date.now()) / 86_400_000;
    expect(Math.round(trialDays)).toBe(TRIAL_DAYS);
    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: tokens.accessToken,
    });
    expect(me.data).toMatchObject({ role: 'ADMIN', companyId: created.id });
    await login(t.app, input.email, input.password);

    const again = await registerWithCompanyLink({ ...makeRegistration(), linkUUID: link.id });
    expect(again.statusCode).toBe(410);
    expect(again.data.code).toBe('LINK_USED_UP');
  });

  it('can be revoked, and refuse employee links and taken emails', async () => {
    const link = await createCompanyLink({ userCount: 10, maxUses: null });
    const taken = await registerWithCompanyLink({
      ...makeRegistration({ email: company.admin.email }),
      linkUUID: link.id,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.data.details[0].field).toBe('email');
    expect((await readLink(link.id)).usedCount).toBe(0);

    const revoked = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/registration-links/${link.id}`,
      token: superToken,
    });
    expect(revoked.data.state).toBe('REVOKED');
    const refused = await registerWithCompanyLink({ ...makeRegistration(), linkUUID: link.id });
    expect(refused.data.code).toBe('LINK_REVOKED');

    const employeeLink = await createLink(adminToken);
    const wrongKind = await registerWithCompanyLink({
      ...makeRegistration(),
      linkUUID: employeeLink.id,
    });
    expect(wrongKind.statusCode).toBe(404);
    const notCompanyLink = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/admin/registration-links/${employeeLink.id}`,
      token: superToken,
    });
    expect(notCompanyLink.statusCode).toBe(404);
  });
});
