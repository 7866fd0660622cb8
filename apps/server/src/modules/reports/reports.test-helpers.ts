import { eq } from 'drizzle-orm';
import type { CompanyRole, DayOffType } from '@smena/contract';
import { addDays, wallTimeToMs } from '@smena/time';
import {
  checks,
  dayOffs,
  departments,
  employeeBranches,
  employees,
} from '../../db/schema/index.ts';
import { call, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, login, unique } from '../../../test/factories.ts';

const MOSCOW = 'Europe/Moscow';

/** A member of the company with a name, a department and dates of employment, and a token. */
export async function reportMember(
  t: TestApp,
  companyId: number,
  options: {
    role?: CompanyRole;
    lastName?: string;
    departmentId?: number | null;
    hireDate?: string | null;
    dismissedAt?: string | null;
  } = {},
) {
  const member = await addMember(t.database.db, companyId, options.role ?? 'EMPLOYEE', {
    firstName: 'Иван',
    lastName: options.lastName ?? `Сотрудник${unique()}`,
  });
  await t.database.db
    .update(employees)
    .set({
      departmentId: options.departmentId ?? null,
      hireDate: options.hireDate ?? null,
      dismissedAt: options.dismissedAt ?? null,
      status: options.dismissedAt ? 'DISMISSED' : 'ACTIVE',
    })
    .where(eq(employees.id, member.employee.id));
  const tokens = options.dismissedAt ? null : await login(t.app, member.user.email);
  return { employeeId: member.employee.id, token: tokens?.accessToken ?? '' };
}

export async function createDepartment(t: TestApp, companyId: number, title = `Отдел ${unique()}`) {
  const [row] = await t.database.db
    .insert(departments)
    .values({ companyId, title })
    .returning({ id: departments.id, title: departments.title });
  return row!;
}

export async function createBranch(t: TestApp, token: string) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/branches',
    token,
    payload: { title: `Филиал ${unique()}`, latitude: 55.75, longitude: 37.61, radius: 100 },
  });
  if (response.statusCode !== 201) throw new Error(`branch: ${response.body}`);
  return response.data as { id: number; title: string };
}

export async function linkBranch(
  t: TestApp,
  companyId: number,
  employeeId: number,
  branchId: number,
) {
  await t.database.db.insert(employeeBranches).values({ companyId, employeeId, branchId });
}

type Day = { working: boolean; start: string; end: string; breakMinutes: number };
const week = (day: Omit<Day, 'working'>, workingDays = [0, 1, 2, 3, 4]): Day[] =>
  Array.from({ length: 7 }, (_, index) => ({ working: workingDays.includes(index), ...day }));

/** 5/2, 09:00–18:00 with an hour's break, following the production calendar. */
export const OFFICE_WEEK = {
  type: 'FIXED',
  days: week({ start: '09:00', end: '18:00', breakMinutes: 60 }),
  followsProductionCalendar: true,
};

/** Monday to Friday nights, 22:00–06:00, no break. */
export const NIGHT_WEEK = {
  type: 'NIGHT',
  days: week({ start: '22:00', end: '06:00', breakMinutes: 0 }),
  followsProductionCalendar: true,
};

export async function assignSchedule(
  t: TestApp,
  token: string,
  employeeIds: number[],
  definition: object,
) {
  const schedule = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token,
    payload: { title: `График ${unique()}`, definition },
  });
  if (schedule.statusCode !== 201) throw new Error(`schedule: ${schedule.body}`);
  const assigned = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token,
    payload: { employeeIds, scheduleId: schedule.data.id, effectiveFrom: '2026-01-01' },
  });
  if (assigned.statusCode !== 200) throw new Error(`assignment: ${assigned.body}`);
}

export async function addDayOff(
  t: TestApp,
  companyId: number,
  employeeId: number,
  type: DayOffType,
  from: string,
  to = from,
) {
  await t.database.db
    .insert(dayOffs)
    .values({ companyId, employeeId, type, dateFrom: from, dateTo: to, status: 'APPROVED' });
}

/** A check by Moscow wall times; an `out` written `+HH:mm` is on the next day. */
export async function addCheck(
  t: TestApp,
  ids: { companyId: number; employeeId: number; branchId: number },
  date: string,
  inAt: string,
  outAt: string | null,
  options: { deleted?: boolean } = {},
) {
  const outDate = outAt?.startsWith('+') ? addDays(date, 1) : date;
  await t.database.db.insert(checks).values({
    ...ids,
    checkIn: new Date(wallTimeToMs(date, inAt, MOSCOW)),
    checkOut:
      outAt === null ? null : new Date(wallTimeToMs(outDate, outAt.replace('+', ''), MOSCOW)),
    source: 'MANUAL',
    deletedAt: options.deleted ? new Date() : null,
  });
}
