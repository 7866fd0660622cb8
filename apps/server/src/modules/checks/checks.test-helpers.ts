import type { CompanyRole, CreatedApiKey } from '@smena/contract';
import { employeeBranches } from '../../db/schema/index.ts';
import { call, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, login, unique } from '../../../test/factories.ts';

export const MOSCOW = { latitude: 55.7558, longitude: 37.6173 };

export async function memberWithToken(t: TestApp, companyId: number, role: CompanyRole) {
  const member = await addMember(t.database.db, companyId, role);
  const tokens = await login(t.app, member.user.email);
  return { ...member, employeeId: member.employee.id, token: tokens.accessToken };
}

export async function createBranch(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; title: string }> {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/branches',
    token,
    payload: { title: `Филиал ${unique()}`, ...MOSCOW, radius: 100, ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`branch: ${response.body}`);
  return response.data;
}

export async function createApiKey(
  t: TestApp,
  adminToken: string,
  body: Record<string, unknown> = {},
): Promise<CreatedApiKey> {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/api-keys',
    token: adminToken,
    payload: { name: `Терминал ${unique()}`, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`api key: ${response.body}`);
  return response.data;
}

export async function linkBranch(
  t: TestApp,
  companyId: number,
  employeeId: number,
  branchId: number,
) {
  await t.database.db.insert(employeeBranches).values({ companyId, employeeId, branchId });
}

const MINUTE = 60_000;
/** An instant `minutes` before now, as ISO 8601. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * MINUTE).toISOString();
}

/** A point `metres` north of the given one. */
export function north(point: { latitude: number; longitude: number }, metres: number) {
  return { latitude: point.latitude + metres / 111_195, longitude: point.longitude };
}

/** An employee on a 09:00–18:00 schedule every day, and a recent planned shift of theirs. */
export async function employeeWithShift(t: TestApp, companyId: number, adminToken: string) {
  const member = await memberWithToken(t, companyId, 'EMPLOYEE');
  const schedule = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token: adminToken,
    payload: {
      title: `Каждый день ${member.employeeId}`,
      definition: {
        type: 'FIXED',
        days: Array.from({ length: 7 }, () => ({
          working: true,
          start: '09:00',
          end: '18:00',
          breakMinutes: 60,
        })),
      },
    },
  });
  if (schedule.statusCode !== 201) throw new Error(schedule.body);
  const assigned = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token: adminToken,
    payload: {
      employeeIds: [member.employeeId],
      scheduleId: schedule.data.id,
      effectiveFrom: '2026-01-01',
    },
  });
  if (assigned.statusCode !== 200) throw new Error(assigned.body);
  const to = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const from = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
  const plan = await call(t.app, {
    method: 'GET',
    url: `/api/v1/employees/${member.employeeId}/plan?from=${from}&to=${to}`,
    token: adminToken,
  });
  if (plan.statusCode !== 200) throw new Error(plan.body);
  const day = [...plan.data].reverse().find((d: { kind: string }) => d.kind === 'WORK');
  if (!day) throw new Error('no working day in the last week');
  const shift = { startMs: Date.parse(day.shifts[0].start), endMs: Date.parse(day.shifts[0].end) };
  return { ...member, shift, date: day.date as string };
}
