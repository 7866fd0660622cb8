import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CalendarResponseSchema,
  EmployeeSchema,
  EmployeesPageSchema,
  MyInvitationsSchema,
  ReportCardResponseSchema,
} from '@smena/contract';
import { employees, users } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  unique,
  uniquePhone,
  type TestCompany,
} from '../../../test/factories.ts';

/**
 * The name as a company shows it (decision 009): a company spells a member's name its own way
 * without touching the account, which the person and every other company keep seeing.
 */
let t: TestApp;
let companyA: TestCompany;
let companyB: TestCompany;
let person: Awaited<ReturnType<typeof addMember>>;
let personToken: string;
let inB: number;
let tokenB: string;
const id = unique();
const accountLast = `Петров${id}`;
const ownLast = `Абрамов${id}`;

beforeAll(async () => {
  t = await buildTestApp();
  companyA = await createCompany(t.app);
  companyB = await createCompany(t.app);
  tokenB = companyB.admin.tokens.accessToken;
  // An account of its own (not typed in by B), working in A.
  person = await addMember(t.database.db, companyA.companyId, 'EMPLOYEE', {
    firstName: 'Иван',
    lastName: accountLast,
  });
  await addMember(t.database.db, companyB.companyId, 'EMPLOYEE', { lastName: `Морозов${id}` });
  // B invites the person; they accept while logged in.
  const invited = await call(t.app, {
    method: 'POST',
    url: '/api/v1/employees',
    token: tokenB,
    payload: {
      firstName: 'Иван',
      lastName: accountLast,
      email: person.user.email,
      phone: person.user.phone,
    },
  });
  expect(invited.statusCode, invited.body).toBe(202);
  personToken = (await login(t.app, person.user.email)).accessToken;
  const pending = await call(t.app, {
    method: 'GET',
    url: '/api/v1/profile/invitations',
    token: personToken,
  });
  const invitationId = MyInvitationsSchema.parse(pending.data).items.find(
    (invitation) => invitation.companyId === companyB.companyId,
  )!.id;
  const accepted = await call(t.app, {
    method: 'POST',
    url: `/api/v1/profile/invitations/${invitationId}/accept`,
    token: personToken,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  inB = accepted.data.employeeId;
});
afterAll(async () => {
  await t.close();
});

function rename(token: string, employeeId: number, payload: Record<string, unknown>) {
  return call(t.app, { method: 'PATCH', url: `/api/v1/employees/${employeeId}`, token, payload });
}

async function list(token: string, query: string) {
  const response = await call(t.app, { method: 'GET', url: `/api/v1/employees?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return EmployeesPageSchema.parse(response.data).items;
}

async function overridesOf(employeeId: number) {
  const [row] = await t.database.db
    .select({
      firstName: employees.firstName,
      lastName: employees.lastName,
      middleName: employees.middleName,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row;
}

describe('the name as the company shows it', () => {
  it('lets B spell the name its own way: B sees it everywhere, the account stays', async () => {
    const renamed = await rename(tokenB, inB, {
      firstName: 'Иоанн',
      lastName: ownLast,
      middleName: 'Петрович',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const employee = EmployeeSchema.parse(renamed.data);
    expect(employee).toMatchObject({
      firstName: 'Иоанн',
      lastName: ownLast,
      middleName: 'Петрович',
      accountName: `${accountLast} Иван`,
      canEditIdentity: false,
    });

    // The list, sorted by the shown name: «Абрамов…» before «Морозов…» (the account's
    // «Петров…» would come after it).
    const names = (await list(tokenB, 'sort=name&order=asc')).map((item) => item.lastName);
    expect(names.indexOf(ownLast)).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(ownLast)).toBeLessThan(names.indexOf(`Морозов${id}`));
    // Search by the shown name finds them; by the account's name it does not.
    expect((await list(tokenB, `search=${encodeURIComponent('Иоанн')}`)).map((e) => e.id)).toEqual([
      inB,
    ]);
    expect(await list(tokenB, `search=${encodeURIComponent(accountLast)}`)).toEqual([]);

    const users_ = await call(t.app, {
      method: 'GET',
      url: `/api/v1/profile/users?search=${encodeURIComponent(ownLast)}`,
      token: tokenB,
    });
    expect(users_.statusCode, users_.body).toBe(200);
    expect(users_.data.items).toEqual([
      expect.objectContaining({ employeeId: inB, firstName: 'Иоанн', lastName: ownLast }),
    ]);

    const month = new Date().toISOString().slice(0, 7);
    const calendar = await call(t.app, {
      method: 'GET',
      url: `/api/v1/calendar?from=${month}-01&to=${month}-02&search=${encodeURIComponent('Иоанн')}`,
      token: tokenB,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(CalendarResponseSchema.parse(calendar.data).employees).toEqual([
      expect.objectContaining({ employeeId: inB, name: `${ownLast} Иоанн Петрович` }),
    ]);

    const card = await call(t.app, {
      method: 'GET',
      url: `/api/v1/reports/report-card?month=${month}&employeeId=${inB}`,
      token: tokenB,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(ReportCardResponseSchema.parse(card.data).employees.map((e) => e.name)).toEqual([
      `${ownLast} Иоанн Петрович`,
    ]);

    // The account, company A and the person's own profile keep the account's name.
    const [account] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(account).toMatchObject({ firstName: 'Иван', lastName: accountLast, middleName: '' });
    const inA = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${person.employee.id}`,
      token: companyA.admin.tokens.accessToken,
    });
    expect(inA.data).toMatchObject({ firstName: 'Иван', lastName: accountLast, accountName: null });
    expect(await list(companyA.admin.tokens.accessToken, 'search=Иоанн')).toEqual([]);
    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: personToken,
    });
    expect(profile.data).toMatchObject({ firstName: 'Иван', lastName: accountLast });
  });

  it('stores only what differs from the account, and a name equal to the account’s clears it', async () => {
    await rename(tokenB, inB, { firstName: 'Иоанн', lastName: ownLast });
    expect(await overridesOf(inB)).toMatchObject({ firstName: 'Иоанн', lastName: ownLast });

    const back = await rename(tokenB, inB, { lastName: accountLast });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.data).toMatchObject({ firstName: 'Иоанн', lastName: accountLast });
    expect((await overridesOf(inB))!.lastName).toBeNull();

    const cleared = await rename(tokenB, inB, {
      firstName: 'Иван',
      lastName: accountLast,
      middleName: '',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.data).toMatchObject({
      firstName: 'Иван',
      lastName: accountLast,
      middleName: '',
      accountName: null,
    });
    expect(await overridesOf(inB)).toEqual({ firstName: null, lastName: null, middleName: null });
  });

  it('still refuses the account’s email and phone, and writes nothing of a refused request', async () => {
    const refused = await rename(tokenB, inB, {
      firstName: 'Другое',
      email: `x-${unique()}@example.ru`,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.details).toEqual([
      { field: 'email', message: 'Email и телефон меняет сам сотрудник в своём профиле' },
    ]);
    expect((await overridesOf(inB))!.firstName).toBeNull();
  });

  it('answers 404 for another company’s employee and leaves it alone', async () => {
    const response = await rename(tokenB, person.employee.id, { lastName: 'Чужой' });
    expect(response.statusCode).toBe(404);
    expect((await overridesOf(person.employee.id))!.lastName).toBeNull();
  });

  it('writes the account itself while the company may still edit it, with no override', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: tokenB,
      payload: {
        firstName: 'Анна',
        lastName: `Сидорова${id}`,
        email: `anna-${unique()}@example.ru`,
        phone: uniquePhone(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data.canEditIdentity).toBe(true);
    const fixed = await rename(tokenB, created.data.id, { lastName: `Сидорчук${id}` });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.data).toMatchObject({ lastName: `Сидорчук${id}`, accountName: null });
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, created.data.userId));
    expect(account!.lastName).toBe(`Сидорчук${id}`);
    expect((await overridesOf(created.data.id))!.lastName).toBeNull();
  });
});
