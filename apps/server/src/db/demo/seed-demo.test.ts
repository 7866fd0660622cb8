import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { TokenPairSchema } from '@smena/contract';
import { type AttendancePlan, assignChecksToDates, dayAttendance, localDateOf } from '@smena/time';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createPlanningService } from '../../modules/planning/planning.service.ts';
import {
  branches,
  checks,
  dayOffs,
  employeeBranches,
  employees,
  scheduleAssignments,
  schedules,
} from '../schema/index.ts';
import { createRandom } from './demo-random.ts';
import { type SeedDemoResult, seedDemoCompany } from './seed-demo.ts';

// A Wednesday morning in Moscow: office staff are at work, last night's shifts are over.
const NOW = new Date('2026-03-18T10:30:00+03:00');
const NOW_MS = NOW.getTime();
const TOLERANCE_MINUTES = 5;

let t: TestApp;
let seeded: SeedDemoResult;

type CheckRow = typeof checks.$inferSelect;

async function checksOf(companyId: number): Promise<CheckRow[]> {
  return t.database.db
    .select()
    .from(checks)
    .where(eq(checks.companyId, companyId))
    .orderBy(asc(checks.employeeId), asc(checks.checkIn));
}

beforeAll(async () => {
  t = await buildTestApp();
  seeded = await seedDemoCompany(t.database.db, {
    employees: 20,
    months: 1,
    now: NOW,
    random: createRandom(42),
  });
});

afterAll(async () => {
  await t.close();
});

describe('seedDemoCompany', () => {
  it('creates the company with its people for the month up to now', () => {
    expect(seeded).toMatchObject({
      companyTitle: 'ООО «Смена Демо»',
      adminEmail: 'admin@smena-demo.ru',
      managerEmail: 'manager@smena-demo.ru',
      from: '2026-02-18',
      to: '2026-03-18',
      employees: 20,
      branches: 4,
    });
    expect(seeded.checks).toBeGreaterThan(200);
  });

  it('creates schedules of all four types, each assigned to someone', async () => {
    const { db } = t.database;
    const rows = await db
      .select({ type: schedules.type, employeeId: scheduleAssignments.employeeId })
      .from(schedules)
      .innerJoin(scheduleAssignments, eq(scheduleAssignments.scheduleId, schedules.id))
      .where(eq(schedules.companyId, seeded.companyId));
    expect(new Set(rows.map((row) => row.type))).toEqual(
      new Set(['FIXED', 'FLEX', 'NIGHT', 'DYNAMIC']),
    );
    expect(new Set(rows.map((row) => row.employeeId)).size).toBe(20);
  });

  it('places branches in two time zones and day-offs of several types and states', async () => {
    const { db } = t.database;
    const zones = await db
      .select({ timezone: branches.timezone })
      .from(branches)
      .where(eq(branches.companyId, seeded.companyId));
    expect(new Set(zones.map((row) => row.timezone))).toEqual(
      new Set(['Europe/Moscow', 'Asia/Yekaterinburg']),
    );
    const rows = await db
      .select({ type: dayOffs.type, status: dayOffs.status })
      .from(dayOffs)
      .where(eq(dayOffs.companyId, seeded.companyId));
    const approved = new Set(rows.filter((row) => row.status === 'APPROVED').map((r) => r.type));
    expect(approved).toEqual(new Set(['VACATION', 'SICKLEAVE', 'DISMISSED']));
    expect(rows.some((row) => row.status === 'REQUESTED')).toBe(true);
  });

  it('writes no check in the future and no two checks of one employee overlapping', async () => {
    const rows = await checksOf(seeded.companyId);
    expect(rows.length).toBe(seeded.checks);
    for (const [i, check] of rows.entries()) {
      expect(check.checkIn.getTime()).toBeLessThanOrEqual(NOW_MS);
      if (check.checkOut) {
        expect(check.checkOut.getTime()).toBeLessThanOrEqual(NOW_MS);
        expect(check.checkOut.getTime()).toBeGreaterThan(check.checkIn.getTime());
      }
      const next = rows[i + 1];
      if (next && next.employeeId === check.employeeId) {
        // Only an employee's last check may be open; the next one starts after this one ends.
        expect(check.checkOut).not.toBeNull();
        expect(next.checkIn.getTime()).toBeGreaterThanOrEqual(check.checkOut!.getTime());
      }
    }
    // Office staff are in now: their checks of today are open.
    expect(rows.some((check) => check.checkOut === null)).toBe(true);
  });

  it('mixes sources, with web check-ins inside the branch radius', async () => {
    const rows = await t.database.db
      .select({ source: checks.source, distance: checks.inDistance, radius: branches.radius })
      .from(checks)
      .innerJoin(branches, eq(branches.id, checks.branchId))
      .where(eq(checks.companyId, seeded.companyId));
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(['WEB', 'TERMINAL', 'MANUAL']));
    for (const row of rows.filter((r) => r.source === 'WEB')) {
      expect(row.distance).not.toBeNull();
      expect(row.distance!).toBeLessThanOrEqual(row.radius);
    }
  });

  it('follows the plan: most working days checked, some late, some missed, night shifts overnight', async () => {
    const { db } = t.database;
    const people = await db
      .select({
        id: employees.id,
        hireDate: employees.hireDate,
        dismissedAt: employees.dismissedAt,
      })
      .from(employees)
      .where(eq(employees.companyId, seeded.companyId));
    const zones = await db
      .select({ employeeId: employeeBranches.employeeId, timezone: branches.timezone })
      .from(employeeBranches)
      .innerJoin(branches, eq(branches.id, employeeBranches.branchId))
      .where(eq(employeeBranches.companyId, seeded.companyId))
      .orderBy(asc(employeeBranches.employeeId), asc(branches.id));
    const zoneOf = new Map<number, string>();
    for (const row of zones)
      if (!zoneOf.has(row.employeeId)) zoneOf.set(row.employeeId, row.timezone);

    const { plans } = await createPlanningService({ db }).planEmployees(
      seeded.companyId,
      people.map((person) => person.id),
      seeded.from,
      seeded.to,
    );
    const rows = await checksOf(seeded.companyId);
    let plannedDays = 0;
    let checkedDays = 0;
    let lateDays = 0;
    let absentDays = 0;
    let overnight = 0;
    for (const person of people) {
      const timezone = zoneOf.get(person.id)!;
      const days: AttendancePlan[] = plans.get(person.id)!.attendancePlans;
      const own = rows
        .filter((check) => check.employeeId === person.id)
        .map((check) => ({
          inMs: check.checkIn.getTime(),
          outMs: check.checkOut?.getTime() ?? null,
        }));
      for (const check of own)
        if (
          check.outMs !== null &&
          localDateOf(check.inMs, timezone) !== localDateOf(check.outMs, timezone)
        )
          overnight++;
      const byDate = assignChecksToDates(days, own, timezone, NOW_MS);
      for (const day of days) {
        const employed =
          (person.hireDate === null || day.date >= person.hireDate) &&
          (person.dismissedAt === null || day.date <= person.dismissedAt);
        const over = day.shifts.length > 0 && day.shifts[day.shifts.length - 1]!.endMs <= NOW_MS;
        if (day.kind !== 'WORK' || !employed || !over) continue;
        const attendance = dayAttendance(day, byDate.get(day.date) ?? [], {
          timezone,
          lateToleranceMinutes: TOLERANCE_MINUTES,
          nowMs: NOW_MS,
        });
        plannedDays++;
        if (!attendance.absent) checkedDays++;
        else absentDays++;
        if (attendance.late) lateDays++;
      }
    }
    expect(plannedDays).toBeGreaterThan(200);
    expect(checkedDays / plannedDays).toBeGreaterThan(0.9);
    expect(lateDays).toBeGreaterThan(0);
    expect(lateDays / plannedDays).toBeLessThan(0.2);
    expect(absentDays).toBeGreaterThan(0);
    expect(absentDays / plannedDays).toBeLessThan(0.08);
    expect(overnight).toBeGreaterThan(0);
  });

  it('lets the admin and the manager sign in with the printed password', async () => {
    for (const email of [seeded.adminEmail, seeded.managerEmail]) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: seeded.adminPassword },
      });
      expect(response.statusCode).toBe(200);
      TokenPairSchema.parse(response.data);
    }
  });

  it('is what the API serves: the late checks and the calendar of the period', async () => {
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: seeded.managerEmail, password: seeded.managerPassword },
    });
    const token = login.data.accessToken as string;
    const range = `from=${seeded.from}&to=${seeded.to}`;
    const late = await call(t.app, {
      method: 'GET',
      url: `/api/v1/checks?${range}&late=true&limit=200`,
      token,
    });
    expect(late.statusCode).toBe(200);
    expect(late.data.items.length).toBeGreaterThan(0);
    const calendar = await call(t.app, {
      method: 'GET',
      url: `/api/v1/calendar?${range}&limit=100`,
      token,
    });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.data.employees.length).toBeGreaterThanOrEqual(19);
  });

  it('gives the same checks for the same seed, in a second demo company', async () => {
    const again = await seedDemoCompany(t.database.db, {
      employees: 20,
      months: 1,
      now: NOW,
      random: createRandom(42),
    });
    expect(again.companyTitle).toBe('ООО «Смена Демо» 2');
    expect(again.adminEmail).toBe('admin@demo2.smena-demo.ru');
    const shape = (rows: CheckRow[]) =>
      rows.map((row) => [
        row.checkIn.toISOString(),
        row.checkOut?.toISOString() ?? null,
        row.source,
      ]);
    expect(shape(await checksOf(again.companyId))).toEqual(shape(await checksOf(seeded.companyId)));
  });
});
