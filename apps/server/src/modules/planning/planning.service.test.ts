import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ScheduleDefinitionSchema } from '@smena/contract';
import { cyclePreset, fixedWeek, nightWeek } from '@smena/time';
import {
  branches,
  dayOffs,
  employeeBranches,
  rosterShifts,
  scheduleAssignments,
  scheduleVersions,
  schedules,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createCompany, type TestCompany } from '../../../test/factories.ts';
import { createPlanningService } from './planning.service.ts';

let t: TestApp;
let company: TestCompany;
const ids: number[] = [];

/**
 * Employees whose own data sits on every edge the shared cells must respect: a schedule change
 * inside the range and on its first date, roster and day-offs on the day before the range and
 * running into it, overnight shifts, a DST change (America/New_York, 8 March 2026), no schedule.
 */
beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  const { db } = t.database;
  const companyId = company.companyId;

  const definitions = [
    fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }),
    nightWeek({
      start: '20:00',
      end: '08:00',
      breakMinutes: 30,
      workingDays: [0, 1, 2, 3, 4, 5, 6],
    }),
    cyclePreset('1/3', { anchorDate: '2026-02-27' }),
    cyclePreset('2/2', { anchorDate: '2026-02-28', start: '20:00', end: '08:00' }),
    nightWeek({ start: '21:00', end: '10:00', workingDays: [0, 1, 2, 3, 4, 5, 6] }),
    ScheduleDefinitionSchema.parse({
      type: 'FLEX',
      days: Array.from({ length: 7 }, (_, i) => ({
        working: i < 5,
        requiredMinutes: 420,
        coreStart: '11:00',
        coreEnd: '15:00',
        breakMinutes: 30,
      })),
    }),
  ];
  const scheduleIds = (
    await db
      .insert(schedules)
      .values(
        definitions.map((definition, i) => ({
          companyId,
          title: `График ${i}`,
          type: definition.type,
          definition,
          color: '#123456',
        })),
      )
      .returning({ id: schedules.id })
  ).map((row) => row.id);
  const [fixed, night, oneThree, twoTwoNight, lateNight, flex] = scheduleIds as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];

  const [newYork] = await db
    .insert(branches)
    .values({
      companyId,
      title: 'Нью-Йорк',
      timezone: 'America/New_York',
      latitude: 40,
      longitude: -74,
    })
    .returning({ id: branches.id });

  for (let i = 0; i < 12; i++) ids.push((await addMember(db, companyId, 'EMPLOYEE')).employee.id);
  const e = (i: number) => ids[i]!;

  const assignments: Omit<typeof scheduleAssignments.$inferInsert, 'companyId'>[] = [
    { employeeId: e(0), scheduleId: night, effectiveFrom: '2020-01-01' },
    { employeeId: e(1), scheduleId: fixed, effectiveFrom: '2020-01-01' },
    { employeeId: e(1), scheduleId: night, effectiveFrom: '2026-03-16' },
    { employeeId: e(2), scheduleId: oneThree, effectiveFrom: '2020-01-01' },
    // The night before the change ends at 11:00: the first 09:00 shift starts at 11:00.
    { employeeId: e(4), scheduleId: lateNight, effectiveFrom: '2020-01-01' },
    { employeeId: e(4), scheduleId: fixed, effectiveFrom: '2026-03-02' },
    { employeeId: e(3), scheduleId: lateNight, effectiveFrom: '2026-03-01' },
    { employeeId: e(3), scheduleId: fixed, effectiveFrom: '2026-03-09' },
    { employeeId: e(5), scheduleId: night, effectiveFrom: '2020-01-01' },
    { employeeId: e(6), scheduleId: twoTwoNight, effectiveFrom: '2020-01-01' },
    { employeeId: e(6), scheduleId: null, effectiveFrom: '2026-03-20' },
    { employeeId: e(7), scheduleId: flex, effectiveFrom: '2020-01-01' },
    { employeeId: e(8), scheduleId: night, effectiveFrom: '2020-01-01' },
    { employeeId: e(9), scheduleId: twoTwoNight, effectiveFrom: '2020-01-01' },
    { employeeId: e(10), scheduleId: fixed, effectiveFrom: '2020-01-01' },
    { employeeId: e(11), scheduleId: oneThree, effectiveFrom: '2026-03-10' },
  ];
  await db.insert(scheduleAssignments).values(assignments.map((row) => ({ ...row, companyId })));
  // Earlier definitions: edits that apply from 12 and 20 March keep what the days before were.
  await db.insert(scheduleVersions).values([
    {
      companyId,
      scheduleId: lateNight,
      validTo: '2026-03-11',
      definition: nightWeek({ start: '22:00', end: '11:00', workingDays: [0, 1, 2, 3, 4, 5, 6] }),
    },
    {
      companyId,
      scheduleId: fixed,
      validTo: '2026-02-20',
      definition: fixedWeek({ start: '07:00', end: '16:00', breakMinutes: 30 }),
    },
    {
      companyId,
      scheduleId: fixed,
      validTo: '2026-03-19',
      definition: fixedWeek({ start: '08:00', end: '17:00', breakMinutes: 60 }),
    },
    {
      companyId,
      scheduleId: twoTwoNight,
      validTo: '2026-03-05',
      definition: cyclePreset('2/2', { anchorDate: '2026-02-27', start: '19:00', end: '07:00' }),
    },
  ]);
  await db
    .insert(employeeBranches)
    .values(
      [e(5), e(9), e(10)].map((employeeId) => ({ companyId, employeeId, branchId: newYork!.id })),
    );
  await db.insert(rosterShifts).values(
    [
      {
        employeeId: e(0),
        date: '2026-02-28',
        shifts: [{ start: '22:00', end: '10:00', breakMinutes: 0 }],
      },
      { employeeId: e(0), date: '2026-03-05', shifts: [] },
      // Runs into the next morning's 09:00 shift, which then starts at 10:00.
      {
        employeeId: e(1),
        date: '2026-03-03',
        shifts: [{ start: '22:00', end: '10:00', breakMinutes: 0 }],
      },
      {
        employeeId: e(3),
        date: '2026-03-07',
        shifts: [{ start: '09:00', end: '21:00', breakMinutes: 60 }],
      },
      {
        employeeId: e(8),
        date: '2026-03-12',
        shifts: [{ start: '06:00', end: '14:00', breakMinutes: 0 }],
      },
      {
        employeeId: e(9),
        date: '2026-03-07',
        shifts: [{ start: '23:00', end: '11:00', breakMinutes: 0 }],
      },
      {
        employeeId: e(10),
        date: '2026-03-31',
        shifts: [{ start: '18:00', end: '02:00', breakMinutes: 0 }],
      },
    ].map((row) => ({ ...row, companyId })),
  );
  await db.insert(dayOffs).values(
    [
      {
        employeeId: e(2),
        type: 'VACATION' as const,
        dateFrom: '2026-02-25',
        dateTo: '2026-03-02',
        status: 'APPROVED' as const,
      },
      {
        employeeId: e(2),
        type: 'SICKLEAVE' as const,
        dateFrom: '2026-03-01',
        dateTo: '2026-03-01',
        status: 'APPROVED' as const,
      },
      {
        employeeId: e(5),
        type: 'DISMISSED' as const,
        dateFrom: '2026-03-09',
        dateTo: '2026-03-09',
        status: 'APPROVED' as const,
      },
      {
        employeeId: e(8),
        type: 'VACATION' as const,
        dateFrom: '2026-03-28',
        dateTo: '2026-04-10',
        status: 'APPROVED' as const,
      },
      {
        employeeId: e(8),
        type: 'WEEKEND' as const,
        dateFrom: '2026-03-20',
        dateTo: '2026-03-20',
        status: 'REQUESTED' as const,
      },
      {
        employeeId: null,
        type: 'HOLIDAY' as const,
        dateFrom: '2026-03-18',
        dateTo: '2026-03-18',
        status: 'APPROVED' as const,
      },
      {
        employeeId: null,
        type: 'WEEKEND' as const,
        dateFrom: '2026-02-28',
        dateTo: '2026-02-28',
        status: 'APPROVED' as const,
      },
    ].map((row) => ({ ...row, companyId })),
  );
});
afterAll(async () => {
  await t.close();
});

describe('planEmployees', () => {
  it.each([
    ['2026-03-01', '2026-03-31'],
    ['2026-03-08', '2026-03-09'],
    ['2026-03-16', '2026-04-15'],
    ['2026-03-01', '2026-03-01'],
  ])(
    'gives shared cells exactly what each employee’s own planner gives (%s – %s)',
    async (from, to) => {
      const planning = createPlanningService({ db: t.database.db });
      const shared = await planning.planEmployees(company.companyId, ids, from, to);
      const alone = await planning.planEmployees(company.companyId, ids, from, to, {
        shareCells: false,
      });
      for (const id of ids)
        expect(shared.plans.get(id), `employee ${id}`).toEqual(alone.plans.get(id));
    },
  );

  it('plans the schedule alone, without the roster, from the same reads', async () => {
    const planning = createPlanningService({ db: t.database.db });
    const from = '2026-02-27';
    const to = '2026-03-31';
    const { plans } = await planning.planEmployees(company.companyId, ids, from, to, {
      schedulePlans: true,
    });
    // What the same service plans once the roster is gone (rolled back afterwards).
    const rollback = new Error('rollback');
    let withoutRoster: Awaited<ReturnType<typeof planning.planEmployees>>['plans'] | undefined;
    await t.database.db
      .transaction(async (tx) => {
        await tx.delete(rosterShifts).where(eq(rosterShifts.companyId, company.companyId));
        const alone = createPlanningService({ db: tx });
        withoutRoster = (await alone.planEmployees(company.companyId, ids, from, to)).plans;
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    let differs = 0;
    for (const id of ids) {
      const planned = plans.get(id)!;
      expect(planned.schedulePlans, `employee ${id}`).toEqual(
        withoutRoster!.get(id)!.attendancePlans,
      );
      if (JSON.stringify(planned.schedulePlans) !== JSON.stringify(planned.attendancePlans))
        differs++;
    }
    // The roster of this company changes someone's plan: the comparison is not vacuous.
    expect(differs).toBeGreaterThan(0);
    const plain = await planning.planEmployees(company.companyId, ids, from, to);
    expect(plain.plans.get(ids[0]!)!.schedulePlans).toBeUndefined();
  });

  it('plans the edges as the engine says', async () => {
    const planning = createPlanningService({ db: t.database.db });
    const { plans } = await planning.planEmployees(
      company.companyId,
      ids,
      '2026-03-01',
      '2026-03-02',
    );
    // The roster of 28 February runs until 10:00 on 1 March: that night's shift of the NIGHT
    // schedule still starts at 20:00, the company-wide WEEKEND of 28 February notwithstanding.
    expect(plans.get(ids[0]!)!.days[0]).toMatchObject({ kind: 'WORK', rosterOverride: false });
    // A sick leave inside a vacation shows as sick leave.
    expect(plans.get(ids[2]!)!.days[0]).toMatchObject({ kind: 'DAY_OFF', dayOffType: 'SICKLEAVE' });
    expect(plans.get(ids[2]!)!.days[1]).toMatchObject({ kind: 'DAY_OFF', dayOffType: 'VACATION' });
    expect(plans.get(ids[3]!)!.days[0]).toMatchObject({ kind: 'WORK' });
    expect(plans.get(ids[4]!)!.schedule?.title).toBe('График 0');
    // (that version of the late night schedule, until 11 March, ends at 11:00)
    expect(plans.get(ids[4]!)!.days[1]!.shifts[0]!.start).toBe('2026-03-02T11:00:00+03:00');
    const { plans: later } = await planning.planEmployees(
      company.companyId,
      [ids[1]!],
      '2026-03-04',
      '2026-03-04',
    );
    expect(later.get(ids[1]!)!.days[0]!.shifts[0]!.start).toBe('2026-03-04T10:00:00+03:00');
  });

  it('plans each date with the schedule’s definition of that date', async () => {
    const planning = createPlanningService({ db: t.database.db });
    const { plans } = await planning.planEmployees(
      company.companyId,
      [ids[10]!, ids[3]!],
      '2026-02-20',
      '2026-03-20',
    );
    // FIXED in New York: 07:00 until 20 February, 08:00 until 19 March, 09:00 from 20 March.
    const fixed = plans.get(ids[10]!)!.days;
    expect(fixed[0]!.shifts[0]!.start).toBe('2026-02-20T07:00:00-05:00');
    expect(fixed[4]!.shifts[0]!.start).toBe('2026-02-24T08:00:00-05:00');
    expect(fixed[27]!.shifts[0]!.start).toBe('2026-03-19T08:00:00-04:00');
    expect(fixed[28]!.shifts[0]!.start).toBe('2026-03-20T09:00:00-04:00');
    // Assigned the late night schedule from 1 March: its version until 11 March starts at 22:00.
    const lateNight = plans.get(ids[3]!)!.days;
    expect(lateNight[9]!.shifts[0]!.start).toBe('2026-03-01T22:00:00+03:00');
  });
});
