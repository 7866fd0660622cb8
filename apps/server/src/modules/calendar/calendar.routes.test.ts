import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CalendarResponseSchema,
  CompanyCalendarSchema,
  CountryCalendarListSchema,
  CountryCalendarSchema,
  EmployeePlanSchema,
  RosterEntrySchema,
  decodeCalendar,
} from '@smena/contract';
import { dayOffs, employeeBranches, employees } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import {
  addMember,
  createCompany,
  login,
  loginSuperAdmin,
  type TestCompany,
} from '../../../test/factories.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;

const FIVE_TWO = {
  type: 'FIXED',
  days: Array.from({ length: 7 }, (_, i) => ({
    working: i < 5,
    start: '09:00',
    end: '18:00',
    breakMinutes: 60,
  })),
};

// docs/LABOUR-RULES.md: the 2026 norms for a 40-hour week, January to December.
const NORMS_2026 = [
  [15, 120],
  [19, 152],
  [21, 168],
  [22, 175],
  [19, 151],
  [21, 167],
  [23, 184],
  [21, 168],
  [22, 176],
  [22, 176],
  [20, 159],
  [22, 176],
];

/** A company of its own: three active employees and one dismissed, one department, one branch. */
type Setup = {
  company: TestCompany;
  token: string;
  departmentId: number;
  branchId: number;
  scheduleId: number;
  people: { id: number; lastName: string }[];
};

async function setupCompany(): Promise<Setup> {
  const own = await createCompany(t.app);
  const token = own.admin.tokens.accessToken;
  const department = await call(t.app, {
    method: 'POST',
    url: '/api/v1/departments',
    token,
    payload: { title: 'Склад' },
  });
  const branch = await call(t.app, {
    method: 'POST',
    url: '/api/v1/branches',
    token,
    payload: { title: 'Северный', latitude: 55.8, longitude: 37.6 },
  });
  const schedule = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token,
    payload: { title: 'Пятидневка', definition: FIVE_TWO, color: '#52c41a' },
  });
  const people = [];
  for (const lastName of ['Алексеев', 'Борисов', 'Васильев', 'Григорьев']) {
    const added = await addMember(t.database.db, own.companyId, 'EMPLOYEE', { lastName });
    people.push({ id: added.employee.id, lastName });
  }
  await t.database.db
    .update(employees)
    .set({ departmentId: department.data.id })
    .where(eq(employees.id, people[0]!.id));
  await t.database.db
    .insert(employeeBranches)
    .values({ companyId: own.companyId, employeeId: people[1]!.id, branchId: branch.data.id });
  await t.database.db
    .update(employees)
    .set({ status: 'DISMISSED', dismissedAt: '2025-12-31' })
    .where(eq(employees.id, people[3]!.id));
  await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token,
    payload: {
      employeeIds: people.map((person) => person.id),
      scheduleId: schedule.data.id,
      effectiveFrom: '2025-01-01',
    },
  });
  return {
    company: own,
    token,
    departmentId: department.data.id,
    branchId: branch.data.id,
    scheduleId: schedule.data.id,
    people,
  };
}

let setup: Setup;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  setup = await setupCompany();
});
afterAll(async () => {
  await t.close();
});

async function calendar(query: string, token = setup.token) {
  return call(t.app, { method: 'GET', url: `/api/v1/calendar?${query}`, token });
}

/** The calendar answer as the web reads it: checked by the contract, each row's plans in place. */
async function grid(query: string, token = setup.token) {
  const response = await calendar(query, token);
  expect(response.statusCode, response.body).toBe(200);
  return decodeCalendar(CalendarResponseSchema.parse(response.data));
}

describe('GET /calendar', () => {
  it('answers every active employee’s plan of every date, with the dates’ kinds', async () => {
    const body = await grid('from=2026-01-01&to=2026-01-31');
    expect(body).toMatchObject({ from: '2026-01-01', to: '2026-01-31', page: 1, limit: 100 });
    expect(body.dates).toHaveLength(31);
    expect(body.dates[0]).toEqual({ date: '2026-01-01', kind: 'HOLIDAY' });
    expect(body.dates[11]).toEqual({ date: '2026-01-12', kind: 'WORKDAY' });

    // The admin who registered the company and three employees; the dismissed one is left out.
    expect(body.total).toBe(4);
    const names = body.employees.map((employee) => employee.name.split(' ')[0]);
    expect(names).toContain('Алексеев');
    expect(names).not.toContain('Григорьев');

    const first = body.employees.find((employee) => employee.employeeId === setup.people[0]!.id)!;
    expect(first).toMatchObject({
      departmentTitle: 'Склад',
      branchTitles: [],
      scheduleId: setup.scheduleId,
      scheduleTitle: 'Пятидневка',
      scheduleColor: '#52c41a',
    });
    expect(first.days).toHaveLength(31);
    expect(first.days[0]).toMatchObject({ date: '2026-01-01', kind: 'HOLIDAY', shifts: [] });
    expect(first.days[11]).toMatchObject({
      date: '2026-01-12',
      kind: 'WORK',
      rosterOverride: false,
      shifts: [
        {
          start: '2026-01-12T09:00:00+03:00',
          end: '2026-01-12T18:00:00+03:00',
          breakMinutes: 60,
          plannedMinutes: 480,
        },
      ],
    });
    const second = body.employees.find((employee) => employee.employeeId === setup.people[1]!.id)!;
    expect(second.branchTitles).toEqual(['Северный']);
    const admin = body.employees.find((employee) => employee.scheduleId === null)!;
    expect(admin.days.every((day) => day.kind === 'NO_SCHEDULE')).toBe(true);
  });

  it('sends each distinct plan once: employees of one schedule share entries, decoded as their own plans', async () => {
    const [first, second, third] = setup.people;
    // The second one has plans of their own in April: an approved vacation and a roster date.
    await t.database.db.insert(dayOffs).values({
      companyId: setup.company.companyId,
      employeeId: second!.id,
      type: 'VACATION',
      dateFrom: '2026-04-13',
      dateTo: '2026-04-17',
      status: 'APPROVED',
    });
    const roster = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token: setup.token,
      payload: {
        employeeId: second!.id,
        date: '2026-04-25',
        shifts: [{ start: '10:00', end: '16:00' }],
      },
    });
    expect(roster.statusCode, roster.body).toBe(200);

    const response = await calendar('from=2026-04-01&to=2026-04-30');
    expect(response.statusCode, response.body).toBe(200);
    const body = CalendarResponseSchema.parse(response.data);
    const row = (id: number) => body.employees.find((employee) => employee.employeeId === id)!;
    // The same schedule in the same zone, nothing of their own: the very same entries.
    expect(row(first!.id).days).toHaveLength(30);
    expect(row(third!.id).days).toEqual(row(first!.id).days);
    // Each plan once: the three on the 5/2 schedule and the admin without one are 30 dates of
    // the schedule, 30 without a schedule, and the second one's own vacation and roster dates.
    expect(new Set(body.plans.map((plan) => JSON.stringify(plan))).size).toBe(body.plans.length);
    expect(body.plans.length).toBe(30 + 30 + 5 + 1);
    // Outside the dates of their own, the second one's cells are the shared entries too.
    const own = new Set(['2026-04-13', '2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17']);
    own.add('2026-04-25');
    row(second!.id).days.forEach((index, column) => {
      if (!own.has(body.dates[column]!.date)) expect(index).toBe(row(first!.id).days[column]);
    });

    // Decoded, each row is the employee's plan of every date, as GET /employees/:id/plan gives it.
    const decoded = decodeCalendar(body);
    for (const person of [first!, second!, third!]) {
      const plan = await call(t.app, {
        method: 'GET',
        url: `/api/v1/employees/${person.id}/plan?from=2026-04-01&to=2026-04-30`,
        token: setup.token,
      });
      expect(plan.statusCode, plan.body).toBe(200);
      const days = decoded.employees.find((employee) => employee.employeeId === person.id)!.days;
      expect(days).toEqual(EmployeePlanSchema.parse(plan.data));
    }
    const vacation = decoded.employees.find((employee) => employee.employeeId === second!.id)!
      .days[12];
    expect(vacation).toMatchObject({ date: '2026-04-13', kind: 'DAY_OFF', dayOffType: 'VACATION' });
    expect(vacation!.dayOffId).toEqual(expect.any(Number));
  });

  it('shows requests awaiting a decision without changing the plan', async () => {
    const person = setup.people[2]!;
    await t.database.db.insert(dayOffs).values([
      {
        companyId: setup.company.companyId,
        employeeId: person.id,
        type: 'VACATION',
        dateFrom: '2026-03-10',
        dateTo: '2026-03-12',
        comment: 'На свадьбу',
        status: 'REQUESTED',
      },
      {
        companyId: setup.company.companyId,
        employeeId: person.id,
        type: 'DISMISSED',
        dateFrom: '2026-03-16',
        dateTo: '2026-03-16',
        status: 'REJECTED',
      },
      {
        companyId: setup.company.companyId,
        employeeId: person.id,
        type: 'VACATION',
        dateFrom: '2026-04-01',
        dateTo: '2026-04-02',
        status: 'REQUESTED',
      },
    ]);
    const body = await grid(`from=2026-03-01&to=2026-03-31&employeeId=${person.id}`);
    const row = body.employees[0]!;
    expect(row.requests).toEqual([
      expect.objectContaining({
        type: 'VACATION',
        from: '2026-03-10',
        to: '2026-03-12',
        comment: 'На свадьбу',
      }),
    ]);
    expect(row.days[9]).toMatchObject({ date: '2026-03-10', kind: 'WORK' });
    expect(row.days[15]).toMatchObject({ date: '2026-03-16', kind: 'WORK' });
  });

  it('filters by department, branch, employee and name, and pages', async () => {
    const byDepartment = await calendar(
      `from=2026-02-01&to=2026-02-07&departmentId=${setup.departmentId}`,
    );
    expect(byDepartment.data.employees.map((e: { employeeId: number }) => e.employeeId)).toEqual([
      setup.people[0]!.id,
    ]);
    const byBranch = await calendar(`from=2026-02-01&to=2026-02-07&branchId=${setup.branchId}`);
    expect(byBranch.data.employees.map((e: { employeeId: number }) => e.employeeId)).toEqual([
      setup.people[1]!.id,
    ]);
    const byEmployee = await calendar(
      `from=2026-02-01&to=2026-02-07&employeeId=${setup.people[2]!.id}`,
    );
    expect(byEmployee.data.total).toBe(1);
    const bySearch = await calendar(
      `from=2026-02-01&to=2026-02-07&search=${encodeURIComponent('борисов')}`,
    );
    expect(bySearch.data.employees.map((e: { employeeId: number }) => e.employeeId)).toEqual([
      setup.people[1]!.id,
    ]);
    const paged = await calendar('from=2026-02-01&to=2026-02-07&limit=2&page=2');
    expect(paged.data).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(paged.data.employees).toHaveLength(2);
    const pageOne = await calendar('from=2026-02-01&to=2026-02-07&limit=2&page=1');
    const ids = [...pageOne.data.employees, ...paged.data.employees].map(
      (e: { employeeId: number }) => e.employeeId,
    );
    expect(new Set(ids).size).toBe(4);
  });

  it('validates the range and the page size', async () => {
    const tooLong = await calendar('from=2026-01-01&to=2026-03-05');
    expect(tooLong.statusCode).toBe(422);
    const reversed = await calendar('from=2026-01-31&to=2026-01-01');
    expect(reversed.statusCode).toBe(422);
    const tooMany = await calendar('from=2026-01-01&to=2026-01-31&limit=2001');
    expect(tooMany.statusCode).toBe(422);
    const missing = await calendar('from=2026-01-01');
    expect(missing.statusCode).toBe(422);
  });

  it('is for admins and managers only, and sees only the caller’s company', async () => {
    const employee = await addMember(t.database.db, setup.company.companyId, 'EMPLOYEE');
    const employeeToken = (await login(t.app, employee.user.email)).accessToken;
    expect((await calendar('from=2026-01-01&to=2026-01-02', employeeToken)).statusCode).toBe(403);
    const manager = await addMember(t.database.db, setup.company.companyId, 'MANAGER');
    const managerToken = (await login(t.app, manager.user.email)).accessToken;
    expect((await calendar('from=2026-01-01&to=2026-01-02', managerToken)).statusCode).toBe(200);
    const unauthenticated = await call(t.app, {
      method: 'GET',
      url: '/api/v1/calendar?from=2026-01-01&to=2026-01-02',
    });
    expect(unauthenticated.statusCode).toBe(401);
    // Another company's filters find nothing of this one.
    const foreign = await calendar(
      `from=2026-01-01&to=2026-01-02&employeeId=${setup.people[0]!.id}`,
      adminToken,
    );
    expect(foreign.data).toMatchObject({ total: 0, employees: [] });
  });
});

describe('roster', () => {
  it('places shifts on a date, shows them in the plan and removes them', async () => {
    const employeeId = setup.people[2]!.id;
    // Saturday 2026-02-14 is a rest day of the 5/2 schedule.
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token: setup.token,
      payload: {
        employeeId,
        date: '2026-02-14',
        shifts: [
          { start: '10:00', end: '14:00' },
          { start: '22:00', end: '06:00', breakMinutes: 30 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const entry = RosterEntrySchema.parse(put.data);
    expect(entry.plan).toMatchObject({ date: '2026-02-14', kind: 'WORK', rosterOverride: true });
    expect(
      entry.plan.shifts.map((shift) => [shift.start, shift.end, shift.plannedMinutes]),
    ).toEqual([
      ['2026-02-14T10:00:00+03:00', '2026-02-14T14:00:00+03:00', 240],
      ['2026-02-14T22:00:00+03:00', '2026-02-15T06:00:00+03:00', 450],
    ]);

    const inCalendar = await grid(`from=2026-02-14&to=2026-02-14&employeeId=${employeeId}`);
    expect(inCalendar.employees[0]!.days[0]).toMatchObject({
      kind: 'WORK',
      rosterOverride: true,
    });

    // No shifts: a rest day on a working Monday.
    const rest = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token: setup.token,
      payload: { employeeId, date: '2026-02-16', shifts: [] },
    });
    expect(rest.data.plan).toMatchObject({ kind: 'REST', rosterOverride: true });

    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/roster?employeeId=${employeeId}&date=2026-02-14`,
      token: setup.token,
    });
    expect(removed.statusCode).toBe(200);
    const after = await grid(`from=2026-02-14&to=2026-02-14&employeeId=${employeeId}`);
    expect(after.employees[0]!.days[0]).toMatchObject({ kind: 'REST', rosterOverride: false });
    const again = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/roster?employeeId=${employeeId}&date=2026-02-14`,
      token: setup.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses overlapping shifts and other companies’ employees', async () => {
    const overlapping = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token: setup.token,
      payload: {
        employeeId: setup.people[0]!.id,
        date: '2026-02-14',
        shifts: [
          { start: '10:00', end: '14:00' },
          { start: '13:00', end: '15:00' },
        ],
      },
    });
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.data.details).toContainEqual({
      field: 'shifts',
      message: 'Смены одного дня пересекаются',
    });
    const foreign = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/roster',
      token: adminToken,
      payload: { employeeId: setup.people[0]!.id, date: '2026-02-14', shifts: [] },
    });
    expect(foreign.statusCode).toBe(422);
    const foreignDelete = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/roster?employeeId=${setup.people[2]!.id}&date=2026-02-16`,
      token: adminToken,
    });
    expect(foreignDelete.statusCode).toBe(404);
  });
});

describe('company calendar', () => {
  it('gives the RU 2026 norms of docs/LABOUR-RULES.md for 40-, 36- and 24-hour weeks', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/calendar/year?year=2026',
      token: adminToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const year = CompanyCalendarSchema.parse(response.data);
    expect(year).toMatchObject({
      year: 2026,
      country: 'RU',
      provisional: false,
      source: 'Постановление Правительства РФ от 24.09.2025 № 1466',
    });
    expect(year.norms.map((norm) => [norm.days, norm.hours40])).toEqual(NORMS_2026);
    expect(year.total).toMatchObject({ days: 247, hours40: 1972 });
    // 36 h: 7.2 h a day; January 15 days, no shortened day → 108; April 22 days, one → 157.4.
    expect(year.norms[0]).toMatchObject({ hours36: 108, hours24: 72 });
    expect(year.norms[3]).toMatchObject({ hours36: 157.4, hours24: 104.6 });
    expect(year.days).toContainEqual({ date: '2026-01-01', kind: 'HOLIDAY', source: 'PRODUCTION' });
    expect(year.days).toContainEqual({ date: '2026-01-09', kind: 'WEEKEND', source: 'PRODUCTION' });
    expect(year.days).toContainEqual({
      date: '2026-04-30',
      kind: 'SHORTENED',
      source: 'PRODUCTION',
    });
    // Plain Saturdays and Sundays are not listed.
    expect(year.days.find((day) => day.date === '2026-01-17')).toBeUndefined();
  });

  it('gives 2027 by the decree of 17.09.2026 № 1187 and 2028 as provisional, not stored yet', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/calendar/year?year=2027',
      token: adminToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const year = CompanyCalendarSchema.parse(response.data);
    expect(year).toMatchObject({
      year: 2027,
      country: 'RU',
      provisional: false,
      source:
        'Постановление Правительства РФ от 17.09.2026 № 1187 «О переносе выходных дней в 2027 году»',
    });
    expect(year.total).toMatchObject({ days: 247, hours40: 1972 });
    // The decree's transfers: 2 Jan → 5 Nov, 3 Jan → 31 Dec, Saturday 20 Feb → Monday 22 Feb.
    expect(year.days).toContainEqual({ date: '2027-11-05', kind: 'WEEKEND', source: 'PRODUCTION' });
    expect(year.days).toContainEqual({ date: '2027-12-31', kind: 'WEEKEND', source: 'PRODUCTION' });
    expect(year.days).toContainEqual({ date: '2027-02-22', kind: 'WEEKEND', source: 'PRODUCTION' });
    expect(year.days).toContainEqual({
      date: '2027-02-20',
      kind: 'SHORTENED',
      source: 'PRODUCTION',
    });

    const next = await call(t.app, {
      method: 'GET',
      url: '/api/v1/calendar/year?year=2028',
      token: adminToken,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.data).toMatchObject({ year: 2028, provisional: true, source: '' });
  });

  it('lets a manager change a date of the company calendar and plans follow', async () => {
    const set = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/calendar/days/2026-01-12',
      token: setup.token,
      payload: { kind: 'HOLIDAY' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.data).toEqual({ date: '2026-01-12', kind: 'HOLIDAY', source: 'COMPANY' });

    const year = await call(t.app, {
      method: 'GET',
      url: '/api/v1/calendar/year?year=2026',
      token: setup.token,
    });
    expect(year.data.norms[0]).toMatchObject({ days: 14, hours40: 112 });
    expect(year.data.days).toContainEqual({
      date: '2026-01-12',
      kind: 'HOLIDAY',
      source: 'COMPANY',
    });
    const plan = await grid(`from=2026-01-12&to=2026-01-12&employeeId=${setup.people[0]!.id}`);
    expect(plan.dates[0]!.kind).toBe('HOLIDAY');
    expect(plan.employees[0]!.days[0]!.kind).toBe('HOLIDAY');

    // Another company's calendar is untouched.
    const other = await call(t.app, {
      method: 'GET',
      url: '/api/v1/calendar/year?year=2026',
      token: adminToken,
    });
    expect(other.data.norms[0].days).toBe(15);

    const cleared = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/calendar/days/2026-01-12',
      token: setup.token,
      payload: { kind: null },
    });
    expect(cleared.data).toEqual({ date: '2026-01-12', kind: 'WORKDAY', source: 'PRODUCTION' });

    const employee = await addMember(t.database.db, setup.company.companyId, 'EMPLOYEE');
    const employeeToken = (await login(t.app, employee.user.email)).accessToken;
    const denied = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/calendar/days/2026-01-12',
      token: employeeToken,
      payload: { kind: 'HOLIDAY' },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/calendar/days/2026-02-30',
      token: setup.token,
      payload: { kind: 'HOLIDAY' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('countries’ production calendars (super admin)', () => {
  it('lists the shipped years and reads one', async () => {
    const superToken = (await loginSuperAdmin(t.app)).accessToken;
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/calendars',
      token: superToken,
    });
    const items = CountryCalendarListSchema.parse(list.data).items;
    expect(items.filter((item) => item.country === 'RU').map((item) => item.year)).toEqual([
      2025, 2026, 2027,
    ]);
    expect(items.find((item) => item.country === 'RU' && item.year === 2027)).toMatchObject({
      provisional: false,
      source:
        'Постановление Правительства РФ от 17.09.2026 № 1187 «О переносе выходных дней в 2027 году»',
    });
    expect(items.some((item) => item.country === 'KZ')).toBe(false);

    const ru = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/calendars/RU/2025',
      token: superToken,
    });
    const body = CountryCalendarSchema.parse(ru.data);
    expect(body).toMatchObject({ country: 'RU', year: 2025, stored: true, provisional: false });
    expect(body.workingWeekendDays).toEqual(['2025-11-01']);
    expect(body.norms.reduce((sum, norm) => sum + norm.days, 0)).toBe(247);

    const kz = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/calendars/kz/2026',
      token: superToken,
    });
    expect(kz.data).toMatchObject({ country: 'KZ', stored: false, holidays: [] });
    expect(kz.data.norms[0].days).toBe(22);

    const unknown = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/calendars/ZZ/2026',
      token: superToken,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('replaces a country’s year and companies of that country follow it', async () => {
    const superToken = (await loginSuperAdmin(t.app)).accessToken;
    const payload = {
      provisional: false,
      source: 'Указ Президента РК',
      holidays: ['2026-01-02', '2026-01-01', '2026-01-01', '2026-03-08'],
      transferredDaysOff: ['2026-03-09'],
      workingWeekendDays: [],
      shortenedDays: [],
    };
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/admin/calendars/KZ/2026',
      token: superToken,
      payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.data).toMatchObject({
      stored: true,
      holidays: ['2026-01-01', '2026-01-02', '2026-03-08'],
    });
    expect(put.data.norms[0].days).toBe(20);

    const kzCompany = await createCompany(t.app, { country: 'KZ' });
    const year = await call(t.app, {
      method: 'GET',
      url: '/api/v1/calendar/year?year=2026',
      token: kzCompany.admin.tokens.accessToken,
    });
    expect(year.data).toMatchObject({
      country: 'KZ',
      provisional: false,
      source: 'Указ Президента РК',
    });
    expect(year.data.norms[0].days).toBe(20);
    expect(year.data.norms[2].days).toBe(21); // March: 22 weekdays, 9 March transferred
  });

  it('checks the dates against the year and the kind of transfer', async () => {
    const superToken = (await loginSuperAdmin(t.app)).accessToken;
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/admin/calendars/BY/2026',
      token: superToken,
      payload: {
        provisional: true,
        holidays: ['2025-12-31'],
        transferredDaysOff: ['2026-01-03'],
        workingWeekendDays: ['2026-01-05'],
        shortenedDays: [],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.data.details).toEqual([
      { field: 'holidays.0', message: 'Дата не из 2026 года' },
      { field: 'transferredDaysOff.0', message: 'Перенесённый выходной — только будний день' },
      {
        field: 'workingWeekendDays.0',
        message: 'Рабочий выходной — только суббота или воскресенье',
      },
    ]);
  });

  it('is for the super admin only', async () => {
    const denied = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/admin/calendars/RU/2026',
      token: adminToken,
      payload: {
        provisional: false,
        holidays: [],
        transferredDaysOff: [],
        workingWeekendDays: [],
        shortenedDays: [],
      },
    });
    expect(denied.statusCode).toBe(403);
    const read = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin/calendars/RU/2026',
      token: adminToken,
    });
    expect(read.statusCode).toBe(403);
  });
});
