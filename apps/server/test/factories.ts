import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CompanyRole, ManagerScopeInput, TokenPair } from '@smena/contract';
import type { Db } from '../src/db/client.ts';
import { employees, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/password.ts';
import { call } from './build-test-app.ts';
import { DEFAULT_PASSWORD, TEST_SUPERADMIN } from './test-constants.ts';

let sequence = 0;
export function unique(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}${randomBytes(2).toString('hex')}`;
}

export function uniquePhone(): string {
  const digits = `${Date.now()}${sequence}${Math.floor(Math.random() * 1e6)}`.slice(-10);
  sequence += 1;
  return `+79${digits.slice(1)}`;
}

export function makeRegistration(overrides: Partial<Record<string, unknown>> = {}) {
  const id = unique();
  return {
    title: `ООО Ромашка ${id}`,
    email: `admin-${id}@example.ru`,
    phone: uniquePhone(),
    country: 'RU',
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

export type TestCompany = {
  companyId: number;
  adminUserId: number;
  admin: { email: string; phone: string; tokens: TokenPair };
};

/** Registers a company through the API, as a real customer would. */
export async function createCompany(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<TestCompany> {
  const registration = makeRegistration(overrides);
  const response = await call(app, {
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: registration,
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const tokens = response.data as TokenPair;
  const employee = await call(app, {
    method: 'GET',
    url: '/api/v1/profile/employee',
    token: tokens.accessToken,
  });
  const profile = await call(app, {
    method: 'GET',
    url: '/api/v1/profile',
    token: tokens.accessToken,
  });
  return {
    companyId: employee.data.companyId,
    adminUserId: profile.data.id,
    admin: { email: registration.email, phone: registration.phone, tokens },
  };
}

let defaultHash: Promise<string> | undefined;

/** Adds a member straight into the database (the employees API comes with its own module). */
export async function addMember(
  db: Db,
  companyId: number,
  role: CompanyRole,
  overrides: { email?: string; phone?: string; firstName?: string; lastName?: string } = {},
) {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const id = unique();
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `${role.toLowerCase()}-${id}@example.ru`,
      phone: overrides.phone ?? uniquePhone(),
      passwordHash: await defaultHash,
      firstName: overrides.firstName ?? 'Иван',
      lastName: overrides.lastName ?? `Петров${id}`,
    })
    .returning();
  const [employee] = await db
    .insert(employees)
    .values({ companyId, userId: user!.id, role })
    .returning();
  return { user: user!, employee: employee! };
}

/**
 * A signed-in MANAGER whose scope the company's ADMIN set through the API, as a real admin would
 * (decision 016); without a scope they manage the whole company.
 */
export async function addManager(
  app: FastifyInstance,
  db: Db,
  company: { companyId: number; adminToken: string },
  scope: ManagerScopeInput | null,
) {
  const member = await addMember(db, company.companyId, 'MANAGER');
  if (scope) {
    const response = await call(app, {
      method: 'PUT',
      url: `/api/v1/employees/${member.employee.id}/manager-scope`,
      token: company.adminToken,
      payload: scope,
    });
    if (response.statusCode !== 200) throw new Error(`manager scope: ${response.body}`);
  }
  const tokens = await login(app, member.user.email);
  return { ...member, employeeId: member.employee.id, token: tokens.accessToken };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = DEFAULT_PASSWORD,
): Promise<TokenPair> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.data as TokenPair;
}

export function loginSuperAdmin(app: FastifyInstance): Promise<TokenPair> {
  return login(app, TEST_SUPERADMIN.email, TEST_SUPERADMIN.password);
}
