import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { EmployeeSchema, EmployeesPageSchema, type Employee } from '@smena/contract';
import {
  branches,
  companies,
  departments,
  employeeBranches,
  employees,
  positions,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  unique,
  uniquePhone,
  type TestCompany,
} from '../../../test/factories.ts';
import { DEFAULT_PASSWORD } from '../../../test/test-constants.ts';
import { EXPORT_BATCH_SIZE } from './employees.service.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;

async function setCompany(companyId: number, values: Partial<typeof companies.$inferInsert>) {
  await t.database.db.update(companies).set(values).where(eq(companies.id, companyId));
}

async function newCompany(userLimit = 1000): Promise<TestCompany> {
  const created = await createCompany(t.app);
  await setCompany(created.companyId, { userLimit });
  return created;
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await newCompany();
  adminToken = company.admin.tokens.accessToken;
});
afterAll(async () => {
  await t.close();
});

async function makeDepartment(companyId: number, title = `Отдел ${unique()}`) {
  const [row] = await t.database.db.insert(departments).values({ companyId, title }).returning();
  return row!;
}

async function makePosition(companyId: number, title = `Должность ${unique()}`) {
  const [row] = await t.database.db.insert(positions).values({ companyId, title }).returning();
  return row!;
}

async function makeBranch(companyId: number, title = `Филиал ${unique()}`) {
  const [row] = await t.database.db
    .insert(branches)
    .values({ companyId, title, latitude: 55.75, longitude: 37.62, timezone: 'Europe/Moscow' })
    .returning();
  return row!;
}

function employeeInput(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    firstName: 'Анна',
    lastName: `Иванова${id}`,
    email: `employee-${id}@example.ru`,
    phone: uniquePhone(),
    ...overrides,
  };
}

async function createEmployee(
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Employee> {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/employees',
    token,
    payload: employeeInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return EmployeeSchema.parse(response.data);
}

async function memberWithToken(companyId: number, role: 'ADMIN' | 'MANAGER' | 'EMPLOYEE') {
  const member = await addMember(t.database.db, companyId, role);
  const tokens = await login(t.app, member.user.email);
  return { ...member, token: tokens.accessToken };
}

function list(token: string, query: Record<string, string | number> = {}) {
  return call(t.app, {
    method: 'GET',
    url: '/api/v1/employees',
    token,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
}

async function lastNames(token: string, query: Record<string, string | number> = {}) {
  const response = await list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return EmployeesPageSchema.parse(response.data).items.map((item) => item.lastName);
}

function dismiss(token: string, id: number, payload: object = { dismissedAt: '2025-06-30' }) {
  return call(t.app, {
    method: 'POST',
    url: `/api/v1/employees/${id}/dismiss`,
    token,
    payload,
  });
}

function restore(token: string, id: number) {
  return call(t.app, { method: 'POST', url: `/api/v1/employees/${id}/restore`, token });
}

function patch(token: string, id: number, payload: object) {
  return call(t.app, { method: 'PATCH', url: `/api/v1/employees/${id}`, token, payload });
}

async function exportWorkbook(token: string, query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/employees/export',
    query,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  // ExcelJS's types predate Node's generic Buffer.
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  return { response, sheet: workbook.worksheets[0]! };
}

function rowValues(row: ExcelJS.Row): unknown[] {
  return (row.values as unknown[]).slice(1);
}

describe('POST /employees', () => {
  it('creates a new person who can log in with the given password', async () => {
    const department = await makeDepartment(company.companyId, 'Бухгалтерия');
    const position = await makePosition(company.companyId, 'Бухгалтер');
    const branch = await makeBranch(company.companyId, 'Главный офис');
    const input = employeeInput({
      middleName: 'Сергеевна',
      phone: '8 (912) 000-11-22',
      role: 'MANAGER',
      departmentId: department.id,
      positionId: position.id,
      branchIds: [branch.id],
      personnelNumber: '  0042 ',
      hireDate: '2024-02-01',
      password: 'employee-password-1',
    });
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: input,
    });
    expect(response.statusCode, response.body).toBe(201);
    const employee = EmployeeSchema.parse(response.data);
    expect(employee).toMatchObject({
      firstName: 'Анна',
      middleName: 'Сергеевна',
      email: input.email,
      phone: '+79120001122',
      role: 'MANAGER',
      status: 'ACTIVE',
      departmentId: department.id,
      departmentTitle: 'Бухгалтерия',
      positionId: position.id,
      positionTitle: 'Бухгалтер',
      branches: [{ id: branch.id, title: 'Главный офис' }],
      personnelNumber: '0042',
      hireDate: '2024-02-01',
      dismissedAt: null,
    });
    const tokens = await login(t.app, input.email, 'employee-password-1');
    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile/employee',
      token: tokens.accessToken,
    });
    expect(me.data).toMatchObject({
      id: employee.id,
      role: 'MANAGER',
      companyId: company.companyId,
    });
  });

  it('stores an unknowable password when none is given', async () => {
    const employee = await createEmployee(adminToken);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, employee.userId));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const attempt = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: employee.email, password: DEFAULT_PASSWORD },
    });
    expect(attempt.statusCode).toBe(401);
  });

  it('invites an existing account instead of adding it: no membership, its data unseen', async () => {
    const other = await newCompany();
    const person = await addMember(t.database.db, other.companyId, 'EMPLOYEE', {
      firstName: 'Олег',
      lastName: 'Сидоров',
    });
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: employeeInput({ email: person.user.email.toUpperCase(), firstName: 'Другое' }),
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(JSON.stringify(response.data)).not.toContain('Олег');
    expect(JSON.stringify(response.data)).not.toContain(person.user.phone);
    // Only the old membership.
    const memberships = await t.database.db
      .select()
      .from(employees)
      .where(eq(employees.userId, person.user.id));
    expect(memberships).toHaveLength(1);
  });

  it('answers 409 for someone already working in the company, and asks to restore a dismissed one', async () => {
    const employee = await createEmployee(adminToken);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: employeeInput({ email: employee.email }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.data.message).toBe('Сотрудник уже работает в компании');
    expect(again.data.details).toEqual([{ field: 'email', message: expect.any(String) }]);

    expect((await dismiss(adminToken, employee.id)).statusCode).toBe(200);
    const afterDismissal = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: employeeInput({ email: employee.email }),
    });
    expect(afterDismissal.statusCode).toBe(409);
    expect(afterDismissal.data.message).toContain('Восстановите');
  });

  it('answers 409 with the field when the phone belongs to another account', async () => {
    const employee = await createEmployee(adminToken);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: employeeInput({ phone: employee.phone }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.code).toBe('CONFLICT');
    expect(response.data.details).toEqual([{ field: 'phone', message: expect.any(String) }]);
  });

  it('answers 422 with field details for bad input', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: { ...employeeInput(), email: 'not-an-email', firstName: '', hireDate: '2024-13-01' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.code).toBe('VALIDATION_ERROR');
    const fields = response.data.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'firstName', 'hireDate']));

    const unknownField = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: { ...employeeInput(), companyId: 1 },
    });
    expect(unknownField.statusCode).toBe(422);
  });

  it('answers 422 when the department, position or branches are another company’s', async () => {
    const other = await newCompany();
    const department = await makeDepartment(other.companyId);
    const position = await makePosition(other.companyId);
    const branch = await makeBranch(other.companyId);
    const own = await makeBranch(company.companyId);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: employeeInput({
        departmentId: department.id,
        positionId: position.id,
        branchIds: [own.id, branch.id],
      }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details.map((detail: { field: string }) => detail.field)).toEqual([
      'departmentId',
      'positionId',
      'branchIds',
    ]);
  });

  it('answers 409 when an active colleague holds the personnel number, and frees it on dismissal', async () => {
    const number = `T-${unique()}`;
    const holder = await createEmployee(adminToken, { personnelNumber: number });
    const taken = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: adminToken,
      payload: employeeInput({ personnelNumber: number }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.data).toMatchObject({
      message: 'Табельный номер уже занят',
      details: [{ field: 'personnelNumber', message: 'Табельный номер уже занят' }],
    });
    await dismiss(adminToken, holder.id);
    await createEmployee(adminToken, { personnelNumber: number });
    // The dismissed holder cannot come back while the number is in use.
    const restored = await restore(adminToken, holder.id);
    expect(restored.statusCode).toBe(409);
    expect(restored.data.details[0].field).toBe('personnelNumber');
  });

  it('lets a MANAGER add employees but not administrators', async () => {
    const manager = await memberWithToken(company.companyId, 'MANAGER');
    await createEmployee(manager.token, { role: 'MANAGER' });
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token: manager.token,
      payload: employeeInput({ role: 'ADMIN' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.data.message).toBe('Менеджер не может назначать администраторов');
  });

  it('is closed to employees (403) and to anonymous callers (401)', async () => {
    const employee = await memberWithToken(company.companyId, 'EMPLOYEE');
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/employees' },
      { method: 'GET' as const, url: '/api/v1/employees/export' },
      { method: 'POST' as const, url: '/api/v1/employees', payload: employeeInput() },
    ]) {
      expect((await call(t.app, { ...request, token: employee.token })).statusCode).toBe(403);
      expect((await call(t.app, request)).statusCode).toBe(401);
    }
  });
});

describe('GET /employees: search, filters, sorting, pages', () => {
  let listCompany: TestCompany;
  let token: string;
  let warehouse: { id: number };
  let office: { id: number };
  let storekeeper: { id: number };
  let accountant: { id: number };
  let central: { id: number };
  let north: { id: number };

  beforeAll(async () => {
    listCompany = await newCompany();
    token = listCompany.admin.tokens.accessToken;
    const id = listCompany.companyId;
    warehouse = await makeDepartment(id, 'Склад');
    office = await makeDepartment(id, 'Офис');
    storekeeper = await makePosition(id, 'Кладовщик');
    accountant = await makePosition(id, 'Бухгалтер');
    central = await makeBranch(id, 'Центральный');
    north = await makeBranch(id, 'Северный');
    await createEmployee(token, {
      lastName: 'Смирнова',
      firstName: 'Анна',
      middleName: 'Петровна',
      email: `anna.smirnova.${unique()}@example.ru`,
      phone: '+79125550101',
      personnelNumber: '2',
      hireDate: '2023-05-10',
      departmentId: warehouse.id,
      positionId: storekeeper.id,
      branchIds: [central.id, north.id],
    });
    await createEmployee(token, {
      lastName: 'Кузнецов',
      firstName: 'Борис',
      phone: '+79125550202',
      role: 'MANAGER',
      personnelNumber: '10',
      hireDate: '2021-01-15',
      departmentId: office.id,
      positionId: accountant.id,
      branchIds: [north.id],
    });
    await createEmployee(token, {
      lastName: 'Абрамов',
      firstName: 'Виктор',
      personnelNumber: 'А-7',
      departmentId: warehouse.id,
    });
    const dismissed = await createEmployee(token, {
      lastName: 'Юдина',
      firstName: 'Галина',
      personnelNumber: '5',
      departmentId: office.id,
    });
    expect((await dismiss(token, dismissed.id)).statusCode).toBe(200);
    const deactivated = await createEmployee(token, { lastName: 'Яковлев', firstName: 'Дмитрий' });
    await t.database.db
      .update(employees)
      .set({ status: 'DEACTIVATED' })
      .where(eq(employees.id, deactivated.id));
  });

  it('lists active employees by name, with titles and branches, in the contract’s shape', async () => {
    const response = await list(token);
    expect(response.statusCode).toBe(200);
    const page = EmployeesPageSchema.parse(response.data);
    expect(page).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(page.items.map((item) => item.lastName)).toEqual([
      '',
      'Абрамов',
      'Кузнецов',
      'Смирнова',
    ]);
    const anna = page.items.find((item) => item.lastName === 'Смирнова')!;
    expect(anna).toMatchObject({
      departmentTitle: 'Склад',
      positionTitle: 'Кладовщик',
      branches: [
        { id: north.id, title: 'Северный' },
        { id: central.id, title: 'Центральный' },
      ],
    });
    expect(page.items.find((item) => item.lastName === 'Абрамов')!.branches).toEqual([]);
    expect(await lastNames(token, { order: 'desc' })).toEqual([
      'Смирнова',
      'Кузнецов',
      'Абрамов',
      '',
    ]);
  });

  it('shows dismissed employees under DISMISSED, and deactivated ones only under ALL', async () => {
    expect(await lastNames(token, { status: 'DISMISSED' })).toEqual(['Юдина']);
    expect(await lastNames(token, { status: 'ALL' })).toEqual([
      '',
      'Абрамов',
      'Кузнецов',
      'Смирнова',
      'Юдина',
      'Яковлев',
    ]);
  });

  it('searches names, email, phone and personnel number', async () => {
    expect(await lastNames(token, { search: 'смирн' })).toEqual(['Смирнова']);
    expect(await lastNames(token, { search: 'Смирнова Анна' })).toEqual(['Смирнова']);
    expect(await lastNames(token, { search: 'петровна' })).toEqual(['Смирнова']);
    expect(await lastNames(token, { search: 'anna.smirnova' })).toEqual(['Смирнова']);
    expect(await lastNames(token, { search: '+79125550202' })).toEqual(['Кузнецов']);
    expect(await lastNames(token, { search: '8 (912) 555-02-02' })).toEqual(['Кузнецов']);
    expect(await lastNames(token, { search: '555-01' })).toEqual(['Смирнова']);
    expect(await lastNames(token, { search: 'а-7' })).toEqual(['Абрамов']);
    expect(await lastNames(token, { search: 'Юдина', status: 'ALL' })).toEqual(['Юдина']);
    expect(await lastNames(token, { search: '%' })).toEqual([]);
  });

  it('filters by branch, department, position and role', async () => {
    expect(await lastNames(token, { branchId: north.id })).toEqual(['Кузнецов', 'Смирнова']);
    expect(await lastNames(token, { branchId: central.id })).toEqual(['Смирнова']);
    expect(await lastNames(token, { departmentId: warehouse.id })).toEqual(['Абрамов', 'Смирнова']);
    expect(await lastNames(token, { departmentId: office.id, status: 'ALL' })).toEqual([
      'Кузнецов',
      'Юдина',
    ]);
    expect(await lastNames(token, { positionId: accountant.id })).toEqual(['Кузнецов']);
    expect(await lastNames(token, { role: 'MANAGER' })).toEqual(['Кузнецов']);
    expect(await lastNames(token, { role: 'ADMIN' })).toEqual(['']);
  });

  it('sorts by personnel number (numbers as numbers), hire date, role and creation', async () => {
    expect(await lastNames(token, { sort: 'personnelNumber' })).toEqual([
      'Смирнова',
      'Кузнецов',
      'Абрамов',
      '',
    ]);
    expect(await lastNames(token, { sort: 'personnelNumber', order: 'desc' })).toEqual([
      'Кузнецов',
      'Смирнова',
      'Абрамов',
      '',
    ]);
    expect(await lastNames(token, { sort: 'hireDate' })).toEqual([
      'Кузнецов',
      'Смирнова',
      '',
      'Абрамов',
    ]);
    expect(await lastNames(token, { sort: 'role' })).toEqual([
      '',
      'Кузнецов',
      'Абрамов',
      'Смирнова',
    ]);
    expect(await lastNames(token, { sort: 'createdAt', order: 'desc' })).toEqual([
      'Абрамов',
      'Кузнецов',
      'Смирнова',
      '',
    ]);
  });

  it('pages through the results with the total', async () => {
    const response = await list(token, { limit: 2, page: 2 });
    expect(response.data).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(response.data.items.map((item: Employee) => item.lastName)).toEqual([
      'Кузнецов',
      'Смирнова',
    ]);
    const beyond = await list(token, { limit: 2, page: 9 });
    expect(beyond.data).toMatchObject({ total: 4, items: [] });
  });

  it('answers 422 for a bad query', async () => {
    expect((await list(token, { limit: 1000 })).statusCode).toBe(422);
    expect((await list(token, { sort: 'email' })).statusCode).toBe(422);
    expect((await list(token, { status: 'GONE' })).statusCode).toBe(422);
  });

  it('exports the filtered list to an .xlsx file', async () => {
    const { response, sheet } = await exportWorkbook(token, { status: 'ALL' });
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="employees-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''%D0%A1/,
    );
    const header = sheet.getRow(1);
    expect(rowValues(header)).toEqual([
      'ФИО',
      'Табельный номер',
      'Роль',
      'Отдел',
      'Должность',
      'Филиалы',
      'Email',
      'Телефон',
      'Дата приёма',
      'Статус',
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(7);

    const anna = sheet.getRow(5);
    expect(anna.getCell(1).value).toBe('Смирнова Анна Петровна');
    expect(anna.getCell(2).value).toBe('2');
    expect(anna.getCell(3).value).toBe('Сотрудник');
    expect(anna.getCell(4).value).toBe('Склад');
    expect(anna.getCell(5).value).toBe('Кладовщик');
    expect(anna.getCell(6).value).toBe('Северный, Центральный');
    expect(anna.getCell(8).value).toBe('+79125550101');
    expect(anna.getCell(9).value).toEqual(new Date('2023-05-10T00:00:00Z'));
    expect(anna.getCell(9).numFmt).toBe('yyyy-mm-dd');
    expect(anna.getCell(10).value).toBe('Работает');
    expect(sheet.getRow(6).getCell(10).value).toBe('Уволен');

    const filtered = await exportWorkbook(token, { departmentId: String(warehouse.id) });
    expect(filtered.sheet.rowCount).toBe(3);
    expect(filtered.sheet.getRow(2).getCell(1).value).toBe('Абрамов Виктор');
  });
});

describe('GET /employees/:id', () => {
  it('answers the employee, 404 for another company’s, 422 for a malformed id', async () => {
    const employee = await createEmployee(adminToken);
    const response = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${employee.id}`,
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    expect(EmployeeSchema.parse(response.data)).toEqual(employee);

    const other = await newCompany();
    const foreign = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${employee.id}`,
      token: other.admin.tokens.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.data.message).toBe('Сотрудник не найден');
    for (const id of ['abc', '0', '99999999999']) {
      const malformed = await call(t.app, {
        method: 'GET',
        url: `/api/v1/employees/${id}`,
        token: adminToken,
      });
      expect(malformed.statusCode, id).toBe(422);
    }
  });
});

describe('PATCH /employees/:id', () => {
  it('changes the person’s login data and the membership', async () => {
    const original = await createEmployee(adminToken, { password: 'employee-password-1' });
    const department = await makeDepartment(company.companyId);
    const branchA = await makeBranch(company.companyId, `А ${unique()}`);
    const branchB = await makeBranch(company.companyId, `Б ${unique()}`);
    const email = `renamed-${unique()}@example.ru`;
    const response = await patch(adminToken, original.id, {
      firstName: 'Мария',
      email,
      phone: '+79127770011',
      role: 'MANAGER',
      departmentId: department.id,
      branchIds: [branchA.id, branchB.id],
      personnelNumber: '777',
      hireDate: '2020-01-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(EmployeeSchema.parse(response.data)).toMatchObject({
      firstName: 'Мария',
      lastName: original.lastName,
      email,
      phone: '+79127770011',
      role: 'MANAGER',
      departmentId: department.id,
      branches: [
        { id: branchA.id, title: branchA.title },
        { id: branchB.id, title: branchB.title },
      ],
      personnelNumber: '777',
      hireDate: '2020-01-01',
    });
    await login(t.app, email, 'employee-password-1');
    const oldLogin = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: original.email, password: 'employee-password-1' },
    });
    expect(oldLogin.statusCode).toBe(401);

    const cleared = await patch(adminToken, original.id, {
      departmentId: null,
      branchIds: [branchB.id],
      personnelNumber: '',
    });
    expect(cleared.data).toMatchObject({
      departmentId: null,
      departmentTitle: null,
      branches: [{ id: branchB.id, title: branchB.title }],
      personnelNumber: null,
    });
  });

  it('answers 409 with the field when the email, phone or personnel number is taken', async () => {
    const first = await createEmployee(adminToken, { personnelNumber: `P-${unique()}` });
    const second = await createEmployee(adminToken);
    const email = await patch(adminToken, second.id, { email: first.email });
    expect(email.statusCode).toBe(409);
    expect(email.data.details[0].field).toBe('email');
    const phone = await patch(adminToken, second.id, { phone: first.phone });
    expect(phone.statusCode).toBe(409);
    expect(phone.data.details[0].field).toBe('phone');
    const number = await patch(adminToken, second.id, { personnelNumber: first.personnelNumber });
    expect(number.statusCode).toBe(409);
    expect(number.data.details[0].field).toBe('personnelNumber');
    // Their own values are not a conflict.
    const same = await patch(adminToken, first.id, {
      email: first.email,
      phone: first.phone,
      personnelNumber: first.personnelNumber,
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 422 for an unknown department and 404 for another company’s employee', async () => {
    const employee = await createEmployee(adminToken);
    const unknown = await patch(adminToken, employee.id, { departmentId: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.data.details).toEqual([{ field: 'departmentId', message: 'Отдел не найден' }]);
    const other = await newCompany();
    const foreign = await patch(other.admin.tokens.accessToken, employee.id, { firstName: 'Х' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('role rules', () => {
  it('keeps a MANAGER away from administrators', async () => {
    const manager = await memberWithToken(company.companyId, 'MANAGER');
    const admin = await addMember(t.database.db, company.companyId, 'ADMIN');
    const employee = await createEmployee(adminToken);

    const editAdmin = await patch(manager.token, admin.employee.id, { firstName: 'Х' });
    expect(editAdmin.statusCode).toBe(403);
    expect(editAdmin.data.message).toBe('Менеджер не может изменять данные администратора');
    const promote = await patch(manager.token, employee.id, { role: 'ADMIN' });
    expect(promote.statusCode).toBe(403);
    expect(promote.data.message).toBe('Менеджер не может назначать администраторов');
    const dismissAdmin = await dismiss(manager.token, admin.employee.id);
    expect(dismissAdmin.statusCode).toBe(403);

    expect((await patch(manager.token, employee.id, { role: 'MANAGER' })).statusCode).toBe(200);
    expect((await dismiss(manager.token, employee.id)).statusCode).toBe(200);
    expect((await restore(manager.token, employee.id)).statusCode).toBe(200);

    expect((await dismiss(adminToken, admin.employee.id)).statusCode).toBe(200);
    expect((await restore(manager.token, admin.employee.id)).statusCode).toBe(403);
    expect((await patch(adminToken, employee.id, { role: 'ADMIN' })).data.role).toBe('ADMIN');
  });

  it('never demotes or dismisses the last active ADMIN', async () => {
    const own = await newCompany();
    const token = own.admin.tokens.accessToken;
    const me = (await call(t.app, { method: 'GET', url: '/api/v1/profile/employee', token })).data;

    const demote = await patch(token, me.id, { role: 'MANAGER' });
    expect(demote.statusCode).toBe(409);
    expect(demote.data.message).toBe('Нельзя снять последнего администратора компании');
    expect((await dismiss(token, me.id)).statusCode).toBe(409);

    const second = await memberWithToken(own.companyId, 'ADMIN');
    expect((await patch(token, me.id, { role: 'MANAGER' })).statusCode).toBe(200);
    // Now the second admin is the last one.
    const last = await patch(second.token, second.employee.id, { role: 'EMPLOYEE' });
    expect(last.statusCode).toBe(409);
    expect((await dismiss(second.token, second.employee.id)).statusCode).toBe(409);
    // Other edits of the last admin are fine.
    expect(
      (await patch(second.token, second.employee.id, { personnelNumber: '7' })).statusCode,
    ).toBe(200);
  });
});

describe('POST /employees/:id/dismiss and /restore', () => {
  it('dismisses keeping the record, ends the person’s sessions, and restores', async () => {
    const member = await memberWithToken(company.companyId, 'EMPLOYEE');
    const id = member.employee.id;
    const dismissed = await dismiss(adminToken, id, {
      dismissedAt: '2025-03-31',
      reason: 'По собственному желанию',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(EmployeeSchema.parse(dismissed.data)).toMatchObject({
      status: 'DISMISSED',
      dismissedAt: '2025-03-31',
    });
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, id));
    expect(row!.dismissalReason).toBe('По собственному желанию');

    const profile = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: member.token,
    });
    expect(profile.statusCode).toBe(401);
    expect((await dismiss(adminToken, id)).data.message).toBe('Сотрудник уже уволен');

    const restored = await restore(adminToken, id);
    expect(restored.statusCode).toBe(200);
    expect(restored.data).toMatchObject({ status: 'ACTIVE', dismissedAt: null });
    const [after] = await t.database.db.select().from(employees).where(eq(employees.id, id));
    expect(after!.dismissalReason).toBeNull();
    await login(t.app, member.user.email);
    expect((await restore(adminToken, id)).statusCode).toBe(409);
  });

  it('answers 422 for a missing date or one before the hire date', async () => {
    const employee = await createEmployee(adminToken, { hireDate: '2024-06-01' });
    const missing = await dismiss(adminToken, employee.id, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.data.details[0].field).toBe('dismissedAt');
    const early = await dismiss(adminToken, employee.id, { dismissedAt: '2024-05-31' });
    expect(early.statusCode).toBe(422);
    expect(early.data.details).toEqual([
      { field: 'dismissedAt', message: 'Дата увольнения раньше даты приёма' },
    ]);
  });
});

describe('plan limit', () => {
  it('lets exactly one of five invited people accepting together take the last seat', async () => {
    const own = await newCompany(3);
    const token = own.admin.tokens.accessToken;
    await addMember(t.database.db, own.companyId, 'EMPLOYEE');
    const people = await Promise.all(
      Array.from({ length: 5 }, () => addMember(t.database.db, company.companyId, 'EMPLOYEE')),
    );
    const invitations: number[] = [];
    for (const person of people) {
      const invited = await call(t.app, {
        method: 'POST',
        url: '/api/v1/employees',
        token,
        payload: employeeInput({ email: person.user.email }),
      });
      expect(invited.statusCode, invited.body).toBe(202);
      invitations.push(invited.data.invitation.id);
    }
    const tokens = await Promise.all(people.map((person) => login(t.app, person.user.email)));
    const responses = await Promise.all(
      tokens.map((pair, index) =>
        call(t.app, {
          method: 'POST',
          url: `/api/v1/profile/invitations/${invitations[index]}/accept`,
          token: pair.accessToken,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.data.code).toBe('PLAN_LIMIT_REACHED');
    }
    expect((await list(token)).data.total).toBe(3);
  });

  it('frees a seat on dismissal and checks the limit on restore and on joining', async () => {
    const own = await newCompany(2);
    const token = own.admin.tokens.accessToken;
    const first = await createEmployee(token);
    const full = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token,
      payload: employeeInput(),
    });
    expect(full.data.code).toBe('PLAN_LIMIT_REACHED');
    // An existing account takes a seat too.
    const outsider = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const joining = await call(t.app, {
      method: 'POST',
      url: '/api/v1/employees',
      token,
      payload: employeeInput({ email: outsider.user.email }),
    });
    expect(joining.data.code).toBe('PLAN_LIMIT_REACHED');

    expect((await dismiss(token, first.id)).statusCode).toBe(200);
    await createEmployee(token);
    const restored = await restore(token, first.id);
    expect(restored.statusCode).toBe(409);
    expect(restored.data.code).toBe('PLAN_LIMIT_REACHED');
  });
});

describe('hidden contacts', () => {
  it('hides colleagues’ email and phone from a MANAGER, not from an ADMIN, in list, card and export', async () => {
    const own = await newCompany();
    const adminTokenOwn = own.admin.tokens.accessToken;
    const colleague = await createEmployee(adminTokenOwn, { lastName: 'Коллегова' });
    const manager = await memberWithToken(own.companyId, 'MANAGER');
    await setCompany(own.companyId, { hideContacts: true });

    const seenByManager = EmployeesPageSchema.parse((await list(manager.token)).data).items;
    for (const item of seenByManager) {
      if (item.userId === manager.user.id) {
        expect(item).toMatchObject({ email: manager.user.email, phone: manager.user.phone });
      } else {
        expect(item).toMatchObject({ email: null, phone: null });
      }
    }
    const card = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${colleague.id}`,
      token: manager.token,
    });
    expect(card.data).toMatchObject({ email: null, phone: null });
    // Searching hidden contacts would reveal them.
    expect((await list(manager.token, { search: colleague.email! })).data.total).toBe(0);
    expect((await list(manager.token, { search: 'Коллегова' })).data.total).toBe(1);

    const { sheet } = await exportWorkbook(manager.token, { search: 'Коллегова' });
    expect(sheet.getRow(2).getCell(7).value).toBeNull();
    expect(sheet.getRow(2).getCell(8).value).toBeNull();

    const seenByAdmin = EmployeesPageSchema.parse((await list(adminTokenOwn)).data).items;
    expect(seenByAdmin.every((item) => item.email !== null && item.phone !== null)).toBe(true);
    expect((await list(adminTokenOwn, { search: colleague.email! })).data.total).toBe(1);
  });
});

describe('GET /employees/export in batches', () => {
  it('writes every row of a list longer than several batches', async () => {
    const own = await newCompany(5000);
    const count = EXPORT_BATCH_SIZE * 2 + 3;
    const inserted = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, index) => ({
          email: `bulk-${own.companyId}-${index}@example.ru`,
          phone: `+7955${String(own.companyId).padStart(3, '0')}${String(index).padStart(4, '0')}`,
          passwordHash: 'not-a-real-hash',
          firstName: 'Работник',
          lastName: `Номер${String(index).padStart(5, '0')}`,
        })),
      )
      .returning({ id: users.id });
    const members = await t.database.db
      .insert(employees)
      .values(
        inserted.map((user) => ({
          companyId: own.companyId,
          userId: user.id,
          role: 'EMPLOYEE' as const,
        })),
      )
      .returning({ id: employees.id });
    const branch = await makeBranch(own.companyId, 'Склад №1');
    await t.database.db.insert(employeeBranches).values(
      members.map((member) => ({
        employeeId: member.id,
        branchId: branch.id,
        companyId: own.companyId,
      })),
    );

    const { sheet } = await exportWorkbook(own.admin.tokens.accessToken, { sort: 'name' });
    expect(sheet.rowCount).toBe(count + 2);
    // The admin (empty name) first, then everyone in order, each with the branch.
    expect(sheet.getRow(3).getCell(1).value).toBe('Номер00000 Работник');
    expect(sheet.getRow(count + 2).getCell(1).value).toBe(
      `Номер${String(count - 1).padStart(5, '0')} Работник`,
    );
    expect(sheet.getRow(count + 2).getCell(6).value).toBe('Склад №1');
  });
});

describe('who changes an account’s identity', () => {
  it('lets the company correct an account it created until the person first logs in', async () => {
    const created = await createEmployee(adminToken);
    expect(created.canEditIdentity).toBe(true);
    const newEmail = `fixed-${unique()}@example.ru`;
    const fixed = await patch(adminToken, created.id, { email: newEmail, lastName: 'Исправлена' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.data).toMatchObject({ email: newEmail, lastName: 'Исправлена' });

    // The person logged in once (the next test goes through the login itself).
    await t.database.db
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(eq(users.id, created.userId));
    const card = await call(t.app, {
      method: 'GET',
      url: `/api/v1/employees/${created.id}`,
      token: adminToken,
    });
    expect(card.data.canEditIdentity).toBe(false);
    const refused = await patch(adminToken, created.id, {
      email: `again-${unique()}@example.ru`,
      phone: uniquePhone(),
      firstName: 'Другое',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.details).toEqual([
      { field: 'email', message: 'Email и телефон меняет сам сотрудник в своём профиле' },
      { field: 'phone', message: 'Email и телефон меняет сам сотрудник в своём профиле' },
    ]);
    // Company data still changes, and identity fields sent unchanged are no change.
    const companyData = await patch(adminToken, created.id, {
      email: newEmail,
      lastName: 'Исправлена',
      personnelNumber: 'T-1',
    });
    expect(companyData.statusCode, companyData.body).toBe(200);
    expect(companyData.data.personnelNumber).toBe('T-1');
  });

  it('marks the account as the person’s on their first login', async () => {
    const created = await createEmployee(adminToken, { password: DEFAULT_PASSWORD });
    expect(created.canEditIdentity).toBe(true);
    await login(t.app, created.email!);
    const refused = await patch(adminToken, created.id, { phone: uniquePhone() });
    expect(refused.statusCode).toBe(422);
  });

  it('never lets a company edit an account it did not create', async () => {
    const member = await addMember(t.database.db, company.companyId, 'EMPLOYEE');
    const response = await patch(adminToken, member.employee.id, {
      email: `x-${unique()}@example.ru`,
    });
    expect(response.statusCode).toBe(422);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.email).toBe(member.user.email);
  });
});
