/**
 * What the calendar and dashboard benchmarks share: the app on a fresh database and a company of
 * a thousand employees on mixed schedules. Each bench adds its own history (schedule changes,
 * day-offs, roster shifts, checks) on top.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ScheduleDefinitionSchema } from '@smena/contract';
import { cyclePreset, fixedWeek, nightWeek } from '@smena/time';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import type { Database, Db } from '../src/db/client.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import {
  branches,
  companies,
  departments,
  employeeBranches,
  employees,
  schedules,
  users,
} from '../src/db/schema/index.ts';

/** Inserts in chunks: one statement per chunk keeps the parameter count well under 65,535. */
export async function insertChunked<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
  size = 500,
) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The app on a migrated database; the auth rate limit is lifted so that it never answers 429. */
export async function startBenchApp(database: Database): Promise<FastifyInstance> {
  await prepareDatabase(database, { email: 'bench-super@example.ru', password: 'bench-password' });
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp({ env, database, webRoot: null, sms: { send: async () => {} } });
  await app.ready();
  return app;
}

export type BenchCompany = {
  /** The company admin's token. */
  accessToken: string;
  companyId: number;
  /** Moscow, Yekaterinburg, Kaliningrad: three zones. */
  branchIds: number[];
  /** FIXED 5/2, NIGHT, DYNAMIC 2/2 and 1/3, FLEX, in this order. */
  scheduleIds: number[];
  /** Employee `i` works at branch `i % 3` and, when there are departments, in department `i % n`. */
  employeeIds: number[];
};

/**
 * A company registered as a customer would (so that its admin's token is real), with its branches,
 * schedules, `employees` employees (no schedule assigned yet) and, if given, departments.
 */
export async function seedBenchCompany(
  app: FastifyInstance,
  db: Db,
  options: { employees: number; departments?: readonly string[] },
): Promise<BenchCompany> {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      title: 'ООО Бенчмарк',
      email: 'bench-admin@example.ru',
      phone: '+79990000000',
      country: 'RU',
      password: 'bench-password-1',
    },
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const { accessToken } = registered.json() as { accessToken: string };
  const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
  const companyId = company!.id;
  await db.update(companies).set({ userLimit: 100_000 }).where(eq(companies.id, companyId));

  const branchRows = await db
    .insert(branches)
    .values(
      [
        ['Москва', 'Europe/Moscow'],
        ['Екатеринбург', 'Asia/Yekaterinburg'],
        ['Калининград', 'Europe/Kaliningrad'],
      ].map(([title, timezone]) => ({
        companyId,
        title: title!,
        timezone: timezone!,
        latitude: 55,
        longitude: 37,
      })),
    )
    .returning({ id: branches.id });
  const departmentTitles = options.departments ?? [];
  const departmentRows =
    departmentTitles.length === 0
      ? []
      : await db
          .insert(departments)
          .values(departmentTitles.map((title) => ({ companyId, title })))
          .returning({ id: departments.id });

  const definitions = [
    fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }),
    nightWeek({ start: '20:00', end: '08:00', breakMinutes: 60, workingDays: [0, 1, 2, 3] }),
    cyclePreset('2/2', { anchorDate: '2026-01-01' }),
    cyclePreset('1/3', { anchorDate: '2026-01-02' }),
    ScheduleDefinitionSchema.parse({
      type: 'FLEX',
      days: Array.from({ length: 7 }, (_, i) => ({
        working: i < 5,
        requiredMinutes: 480,
        coreStart: '11:00',
        coreEnd: '16:00',
        earliestStart: '07:00',
        latestEnd: '21:00',
        breakMinutes: 60,
      })),
    }),
  ];
  const scheduleRows = await db
    .insert(schedules)
    .values(
      definitions.map((definition, i) => ({
        companyId,
        title: ['Пятидневка', 'Ночные', '2/2', 'Сутки через трое', 'Гибкий'][i]!,
        type: definition.type,
        definition,
        color: '#1677ff',
      })),
    )
    .returning({ id: schedules.id });

  const stamp = Date.now().toString(36);
  const userRows: { id: number }[] = [];
  await insertChunked(
    Array.from({ length: options.employees }, (_, i) => ({
      email: `bench-${stamp}-${i}@example.ru`,
      phone: `+7900${String(i).padStart(7, '0')}`,
      passwordHash: 'x',
      firstName: 'Сотрудник',
      lastName: `Фамилия${String(i).padStart(4, '0')}`,
    })),
    async (chunk) =>
      userRows.push(...(await db.insert(users).values(chunk).returning({ id: users.id }))),
  );
  const employeeRows: { id: number }[] = [];
  await insertChunked(
    userRows.map((user, i) => ({
      companyId,
      userId: user.id,
      role: 'EMPLOYEE' as const,
      ...(departmentRows.length > 0
        ? { departmentId: departmentRows[i % departmentRows.length]!.id }
        : {}),
    })),
    async (chunk) =>
      employeeRows.push(
        ...(await db.insert(employees).values(chunk).returning({ id: employees.id })),
      ),
  );
  const employeeIds = employeeRows.map((row) => row.id);
  const branchIds = branchRows.map((row) => row.id);
  await insertChunked(
    employeeIds.map((employeeId, i) => ({
      companyId,
      employeeId,
      branchId: branchIds[i % branchIds.length]!,
    })),
    (chunk) => db.insert(employeeBranches).values(chunk),
  );

  return {
    accessToken,
    companyId,
    branchIds,
    scheduleIds: scheduleRows.map((row) => row.id),
    employeeIds,
  };
}
