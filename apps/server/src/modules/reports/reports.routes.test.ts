import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AttendanceDaysSchema,
  AttendanceReportSchema,
  type ReportCard,
  type ReportCardEmployee,
  ReportCardDaySchema,
  ReportCardResponseSchema,
  decodeReportCard,
  type TimesheetEntry,
  TimesheetHistorySchema,
  TokenPairSchema,
} from '@smena/contract';
import { auditLog, companies, timesheetOverrideHistory } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, loginSuperAdmin, type TestCompany } from '../../../test/factories.ts';
import {
  NIGHT_WEEK,
  OFFICE_WEEK,
  addCheck,
  addDayOff,
  assignSchedule,
  createBranch,
  createDepartment,
  linkBranch,
  reportMember,
} from './reports.test-helpers.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let managerToken: string;
let employeeToken: string;
let branch: { id: number };
let workshop: { id: number; title: string };
let office: { id: number; title: string };
let alekseev: number;
let borisov: number;
let vasiliev: number;
let grigoriev: number;
let dmitriev: number;
let stranger: TestCompany;
let strangerEmployee: number;
let strangerBranch: { id: number };
let strangerDepartment: { id: number };

const MARCH = '2026-03';

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  const { companyId } = company;
  managerToken = (await reportMember(t, companyId, { role: 'MANAGER', lastName: 'Яковлев' })).token;
  employeeToken = (await reportMember(t, companyId, { lastName: 'Юрьев' })).token;
  branch = await createBranch(t, adminToken);
  workshop = await createDepartment(t, companyId, 'Цех');
  office = await createDepartment(t, companyId, 'Офис');

  // The known-answer month: March 2026, RU production calendar (8 March a Sunday holiday,
  // 9 March its transferred day off): 21 working days, 168 hours.
  alekseev = (await reportMember(t, companyId, { lastName: 'Алексеев', departmentId: workshop.id }))
    .employeeId;
  borisov = (
    await reportMember(t, companyId, {
      lastName: 'Борисов',
      departmentId: workshop.id,
      hireDate: '2026-03-16',
      dismissedAt: '2026-03-20',
    })
  ).employeeId;
  vasiliev = (await reportMember(t, companyId, { lastName: 'Васильев', departmentId: office.id }))
    .employeeId;
  grigoriev = (
    await reportMember(t, companyId, {
      lastName: 'Григорьев',
      departmentId: workshop.id,
      dismissedAt: '2026-02-20',
    })
  ).employeeId;
  dmitriev = (
    await reportMember(t, companyId, {
      lastName: 'Дмитриев',
      departmentId: workshop.id,
      hireDate: '2026-04-01',
    })
  ).employeeId;
  await linkBranch(t, companyId, alekseev, branch.id);
  await linkBranch(t, companyId, vasiliev, branch.id);
  await assignSchedule(t, adminToken, [alekseev, grigoriev, dmitriev], OFFICE_WEEK);
  await assignSchedule(t, adminToken, [borisov], NIGHT_WEEK);

  const a = { companyId, employeeId: alekseev, branchId: branch.id };
  await addCheck(t, a, '2026-03-02', '09:00', '18:00');
  await addCheck(t, a, '2026-03-03', '09:00', '20:00'); // two hours' overtime
  await addCheck(t, a, '2026-03-04', '10:00', '18:00'); // an hour late
  await addCheck(t, a, '2026-03-05', '09:00', '18:00', { deleted: true }); // ignored: НН
  await addCheck(t, a, '2026-03-06', '09:00', '17:00'); // left an hour early
  await addCheck(t, a, '2026-03-07', '10:00', '14:00'); // a Saturday: РВ
  await addDayOff(t, companyId, alekseev, 'VACATION', '2026-03-10', '2026-03-13');
  await addDayOff(t, companyId, alekseev, 'SICKLEAVE', '2026-03-16', '2026-03-17');
  await addDayOff(t, companyId, alekseev, 'DISMISSED', '2026-03-18');
  for (const date of ['19', '20', '23', '24', '25', '26', '27', '30', '31'])
    await addCheck(t, a, `2026-03-${date}`, '09:00', '18:00');

  const b = { companyId, employeeId: borisov, branchId: branch.id };
  await addCheck(t, b, '2026-03-16', '22:00', '+06:00');
  await addCheck(t, b, '2026-03-17', '22:00', '+07:00'); // an hour's overtime
  await addCheck(t, b, '2026-03-19', '22:00', '+06:00');
  await addCheck(t, b, '2026-03-20', '22:00', '+06:00'); // dismissed that day: still worked

  stranger = await createCompany(t.app);
  strangerEmployee = (await reportMember(t, stranger.companyId)).employeeId;
  strangerBranch = await createBranch(t, stranger.admin.tokens.accessToken);
  strangerDepartment = await createDepartment(t, stranger.companyId);
});
afterAll(async () => {
  await t.close();
});

function get(url: string, token: string | undefined = adminToken) {
  return call(t.app, { method: 'GET', url, token });
}

/** Entries as compact text: `Я480 С120`, `В`, '' for none. */
function text(entries: readonly TimesheetEntry[]): string {
  return entries.map((entry) => `${entry.code}${entry.minutes ?? ''}`).join(' ');
}

function daysOf(employee: ReportCardEmployee): Record<string, string> {
  return Object.fromEntries(employee.days.map((day) => [day.date.slice(8), text(day.entries)]));
}

async function reportCard(query: string, token = adminToken): Promise<ReportCard> {
  const response = await get(`/api/v1/reports/report-card?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return decodeReportCard(ReportCardResponseSchema.parse(response.data));
}

const month = (days: Record<string, string>, fill = '') =>
  Object.fromEntries(
    Array.from({ length: 31 }, (_, index) => {
      const day = String(index + 1).padStart(2, '0');
      return [day, days[day] ?? fill];
    }),
  );

const ALEKSEEV_DAYS = month({
  '01': 'В',
  '02': 'Я480',
  '03': 'Я480 С120',
  '04': 'Я420',
  '05': 'НН',
  '06': 'Я420',
  '07': 'РВ240',
  '08': 'В',
  '09': 'В',
  '10': 'ОТ',
  '11': 'ОТ',
  '12': 'ОТ',
  '13': 'ОТ',
  '14': 'В',
  '15': 'В',
  '16': 'Б',
  '17': 'Б',
  '18': 'НВ',
  '19': 'Я480',
  '20': 'Я480',
  '21': 'В',
  '22': 'В',
  '23': 'Я480',
  '24': 'Я480',
  '25': 'Я480',
  '26': 'Я480',
  '27': 'Я480',
  '28': 'В',
  '29': 'В',
  '30': 'Я480',
  '31': 'Я480',
});

// Split at midnight (the default): each night's 22:00–24:00 on its own date, 00:00–06:00 on the
// next; the night of the 20th, his last day, stays whole on the 20th (with the 19th's morning).
const BORISOV_DAYS = month({
  '16': 'Н120',
  '17': 'Н480',
  '18': 'Н360 С60 НН',
  '19': 'Н120',
  '20': 'Н840',
});

// The same checks recorded on the date each shift started.
const BORISOV_DAYS_AT_START = month({
  '16': 'Н480',
  '17': 'Н480 С60',
  '18': 'НН',
  '19': 'Н480',
  '20': 'Н480',
});

const ALEKSEEV_SUMMARY = {
  plannedDays: 14,
  plannedMinutes: 14 * 480,
  workedDays: 14,
  workedMinutes: 6480,
  lateCount: 1,
  lateMinutes: 60,
  earlyLeaveCount: 1,
  earlyLeaveMinutes: 60,
  absenceDays: { VACATION: 4, SICKLEAVE: 2, HOLIDAY: 0, DISMISSED: 1, WEEKEND: 0 },
  absentDays: 1,
  overtimeMinutes: 120,
  nightMinutes: 0,
  dayOffWorkDays: 1,
  dayOffWorkMinutes: 240,
  holidayWorkMinutes: 0,
};

const BORISOV_SUMMARY = {
  plannedDays: 5,
  plannedMinutes: 5 * 480,
  workedDays: 5,
  workedMinutes: 1980,
  lateCount: 0,
  lateMinutes: 0,
  earlyLeaveCount: 0,
  earlyLeaveMinutes: 0,
  absenceDays: { VACATION: 0, SICKLEAVE: 0, HOLIDAY: 0, DISMISSED: 0, WEEKEND: 0 },
  absentDays: 1,
  overtimeMinutes: 60,
  nightMinutes: 1920,
  dayOffWorkDays: 0,
  dayOffWorkMinutes: 0,
  holidayWorkMinutes: 0,
};

describe('GET /reports/report-card: the known answer of March 2026', () => {
  it('gives every code of every date, the half-month and month totals, absences and the norm', async () => {
    const card = await reportCard(`month=${MARCH}&departmentId=${workshop.id}`);
    expect(card).toMatchObject({
      month: MARCH,
      from: '2026-03-01',
      to: '2026-03-31',
      companyTitle: expect.stringContaining('ООО Ромашка'),
      departmentTitle: 'Цех',
      norm: { days: 21, minutes: 168 * 60 },
    });
    expect(card.dates).toHaveLength(31);
    const kinds = Object.fromEntries(card.dates.map((date) => [date.date.slice(8), date.kind]));
    expect(kinds).toMatchObject({ '02': 'WORKDAY', '07': 'WEEKEND', '08': 'HOLIDAY' });

    // Employed at some date of March, by name: not Григорьев (gone in February) nor Дмитриев
    // (from April).
    expect(card.employees.map((employee) => employee.employeeId)).toEqual([alekseev, borisov]);
    const [a, b] = card.employees as [ReportCardEmployee, ReportCardEmployee];

    expect(daysOf(a)).toEqual(ALEKSEEV_DAYS);
    expect(a).toMatchObject({
      name: 'Алексеев Иван',
      departmentTitle: 'Цех',
      firstHalf: { days: 5, minutes: 480 + 600 + 420 + 420 + 240 },
      secondHalf: { days: 9, minutes: 9 * 480 },
      month: { days: 14, minutes: 6480 },
      absences: [
        { code: 'ОТ', days: 4, minutes: 0 },
        { code: 'Б', days: 2, minutes: 0 },
        { code: 'В', days: 9, minutes: 0 },
        { code: 'НВ', days: 1, minutes: 0 },
        { code: 'НН', days: 1, minutes: 0 },
      ],
    });
    expect(a.days.every((day) => day.override === null)).toBe(true);

    // A night shift across midnight: Н, overtime С, НН; nothing outside employment.
    expect(daysOf(b)).toEqual(BORISOV_DAYS);
    expect(b).toMatchObject({
      firstHalf: { days: 0, minutes: 0 },
      secondHalf: { days: 5, minutes: 1980 },
      month: { days: 5, minutes: 1980 },
      absences: [{ code: 'НН', days: 1, minutes: 0 }],
    });
  });

  it('records a shift on the date it started when the company chooses so', async () => {
    const setRule = (value: 'SPLIT_BY_DATE' | 'SHIFT_START') =>
      t.database.db
        .update(companies)
        .set({ crossMidnightHours: value })
        .where(eq(companies.id, company.companyId));
    await setRule('SHIFT_START');
    try {
      const card = await reportCard(`month=${MARCH}&employeeId=${borisov}`);
      const b = card.employees[0]!;
      expect(daysOf(b)).toEqual(BORISOV_DAYS_AT_START);
      expect(b.month).toEqual({ days: 4, minutes: 1980 });
    } finally {
      await setRule('SPLIT_BY_DATE');
    }
  });

  it('answers a MANAGER too', async () => {
    const card = await reportCard(`month=${MARCH}&employeeId=${alekseev}`, managerToken);
    expect(card.employees).toHaveLength(1);
    expect(card.departmentTitle).toBeNull();
  });
});

describe('GET /reports/attendance', () => {
  it('sums each employee’s month and the totals', async () => {
    const response = await get(
      `/api/v1/reports/attendance?from=2026-03-01&to=2026-03-31&departmentId=${workshop.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = AttendanceReportSchema.parse(response.data);
    expect(report.rows.map((row) => row.employeeId)).toEqual([alekseev, borisov]);
    expect(report.rows[0]).toEqual({
      employeeId: alekseev,
      name: 'Алексеев Иван',
      personnelNumber: null,
      departmentTitle: 'Цех',
      positionTitle: null,
      ...ALEKSEEV_SUMMARY,
    });
    expect(report.rows[1]).toMatchObject(BORISOV_SUMMARY);
    const sum = (key: keyof typeof ALEKSEEV_SUMMARY) =>
      (ALEKSEEV_SUMMARY[key] as number) + (BORISOV_SUMMARY[key] as number);
    expect(report.totals).toEqual({
      plannedDays: sum('plannedDays'),
      plannedMinutes: sum('plannedMinutes'),
      workedDays: sum('workedDays'),
      workedMinutes: sum('workedMinutes'),
      lateCount: 1,
      lateMinutes: 60,
      earlyLeaveCount: 1,
      earlyLeaveMinutes: 60,
      absenceDays: ALEKSEEV_SUMMARY.absenceDays,
      absentDays: 2,
      overtimeMinutes: 180,
      nightMinutes: 1920,
      dayOffWorkDays: 1,
      dayOffWorkMinutes: 240,
      holidayWorkMinutes: 0,
    });
  });

  it('takes any range up to 92 days: a week counts only its dates', async () => {
    const response = await get(
      `/api/v1/reports/attendance?from=2026-03-02&to=2026-03-08&employeeId=${alekseev}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.rows[0]).toMatchObject({
      plannedDays: 5,
      workedDays: 5,
      workedMinutes: 480 + 600 + 420 + 420 + 240,
      absentDays: 1,
      absenceDays: { VACATION: 0 },
    });
  });
});

describe('GET /reports/attendance/days', () => {
  it('gives each date’s facts, instants in the branch’s zone and codes', async () => {
    const response = await get(
      `/api/v1/reports/attendance/days?employeeId=${alekseev}&from=2026-03-03&to=2026-03-07`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = AttendanceDaysSchema.parse(response.data);
    expect(result.employee).toMatchObject({ employeeId: alekseev, name: 'Алексеев Иван' });
    expect(result.days.map((day) => day.date)).toEqual([
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    const [overtime, late, absent, early, saturday] = result.days;
    expect(overtime).toMatchObject({
      kind: 'WORK',
      plannedMinutes: 480,
      workedMinutes: 600,
      overtimeMinutes: 120,
      entries: [
        { code: 'Я', minutes: 480 },
        { code: 'С', minutes: 120 },
      ],
    });
    expect(late).toMatchObject({
      late: true,
      lateMinutes: 60,
      firstIn: '2026-03-04T10:00:00+03:00',
      lastOut: '2026-03-04T18:00:00+03:00',
      entries: [{ code: 'Я', minutes: 420 }],
    });
    expect(absent).toMatchObject({ absent: true, firstIn: null, entries: [{ code: 'НН' }] });
    expect(early).toMatchObject({ leftEarly: true, earlyLeaveMinutes: 60 });
    expect(saturday).toMatchObject({
      kind: 'REST',
      workedOnDayOff: true,
      entries: [{ code: 'РВ', minutes: 240 }],
    });
  });

  it('gives the hours a date holds after the split at midnight, lateness of its own shift', async () => {
    const response = await get(
      `/api/v1/reports/attendance/days?employeeId=${borisov}&from=2026-03-18&to=2026-03-18`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [day] = AttendanceDaysSchema.parse(response.data).days;
    // The 17th's night ran to 07:00 on the 18th; the 18th's own shift was missed.
    expect(day).toMatchObject({
      kind: 'WORK',
      plannedMinutes: 480,
      workedMinutes: 420,
      nightMinutes: 360,
      overtimeMinutes: 60,
      absent: true,
      entries: [
        { code: 'Н', minutes: 360 },
        { code: 'С', minutes: 60 },
        { code: 'НН', minutes: null },
      ],
    });
  });

  it('gives the day-off type of a day-off date', async () => {
    const response = await get(
      `/api/v1/reports/attendance/days?employeeId=${alekseev}&from=2026-03-16&to=2026-03-18`,
    );
    expect(response.data.days.map((day: { dayOffType: string }) => day.dayOffType)).toEqual([
      'SICKLEAVE',
      'SICKLEAVE',
      'DISMISSED',
    ]);
  });
});

describe('filters', () => {
  it('filters by branch membership, department and employee', async () => {
    const byBranch = await reportCard(`month=${MARCH}&branchId=${branch.id}`);
    expect(byBranch.employees.map((employee) => employee.employeeId)).toEqual([alekseev, vasiliev]);
    const byDepartment = await reportCard(`month=${MARCH}&departmentId=${office.id}`);
    expect(byDepartment.employees.map((employee) => employee.employeeId)).toEqual([vasiliev]);
    // No schedule: nothing to show on any date.
    expect(byDepartment.employees[0]!.days.every((day) => day.entries.length === 0)).toBe(true);
    const byEmployee = await reportCard(`month=${MARCH}&employeeId=${borisov}`);
    expect(byEmployee.employees.map((employee) => employee.employeeId)).toEqual([borisov]);
    const both = await reportCard(`month=${MARCH}&branchId=${branch.id}&departmentId=${office.id}`);
    expect(both.employees.map((employee) => employee.employeeId)).toEqual([vasiliev]);
  });

  it('includes employees by their dates of employment', async () => {
    const february = await reportCard(`month=2026-02&departmentId=${workshop.id}`);
    expect(february.employees.map((employee) => employee.employeeId)).toEqual([
      alekseev,
      grigoriev,
    ]);
    const april = await reportCard(`month=2026-04&departmentId=${workshop.id}`);
    expect(april.employees.map((employee) => employee.employeeId)).toEqual([alekseev, dmitriev]);
    // Without filters: everyone of the company employed in March, the admin included.
    const all = await reportCard(`month=${MARCH}`);
    const ids = all.employees.map((employee) => employee.employeeId);
    expect(ids).toEqual(expect.arrayContaining([alekseev, borisov, vasiliev]));
    expect(ids).not.toContain(grigoriev);
    expect(ids).not.toContain(dmitriev);
    expect(ids).not.toContain(strangerEmployee);
  });
});

describe('access', () => {
  const routes = () => [
    { method: 'GET' as const, url: `/api/v1/reports/report-card?month=${MARCH}` },
    { method: 'GET' as const, url: '/api/v1/reports/attendance?from=2026-03-01&to=2026-03-31' },
    {
      method: 'GET' as const,
      url: `/api/v1/reports/attendance/days?employeeId=${alekseev}&from=2026-03-01&to=2026-03-02`,
    },
    {
      method: 'GET' as const,
      url: `/api/v1/reports/report-card/days/history?employeeId=${alekseev}&date=2026-03-05`,
    },
    {
      method: 'PUT' as const,
      url: '/api/v1/reports/report-card/days',
      payload: {
        employeeId: alekseev,
        date: '2026-03-05',
        entries: [{ code: 'ПР', minutes: null }],
        reason: 'Прогул',
      },
    },
    {
      method: 'DELETE' as const,
      url: '/api/v1/reports/report-card/days',
      payload: { employeeId: alekseev, date: '2026-03-05', reason: 'Ошибка' },
    },
  ];

  it('answers 403 to an EMPLOYEE and 401 without a token', async () => {
    for (const route of routes()) {
      const forbidden = await call(t.app, { ...route, token: employeeToken });
      expect(forbidden.statusCode, `${route.method} ${route.url}`).toBe(403);
      const anonymous = await call(t.app, route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 404 for another company’s employee, branch or department', async () => {
    const cases = [
      `/api/v1/reports/report-card?month=${MARCH}&employeeId=${strangerEmployee}`,
      `/api/v1/reports/report-card?month=${MARCH}&branchId=${strangerBranch.id}`,
      `/api/v1/reports/report-card?month=${MARCH}&departmentId=${strangerDepartment.id}`,
      `/api/v1/reports/attendance?from=2026-03-01&to=2026-03-31&employeeId=${strangerEmployee}`,
      `/api/v1/reports/attendance?from=2026-03-01&to=2026-03-31&branchId=${strangerBranch.id}`,
      `/api/v1/reports/attendance?from=2026-03-01&to=2026-03-31&departmentId=${strangerDepartment.id}`,
      `/api/v1/reports/attendance/days?employeeId=${strangerEmployee}&from=2026-03-01&to=2026-03-31`,
      `/api/v1/reports/report-card/days/history?employeeId=${strangerEmployee}&date=2026-03-05`,
    ];
    for (const url of cases) expect((await get(url)).statusCode, url).toBe(404);
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/reports/report-card/days',
      token: adminToken,
      payload: {
        employeeId: strangerEmployee,
        date: '2026-03-05',
        entries: [{ code: 'ПР', minutes: null }],
        reason: 'Прогул',
      },
    });
    expect(put.statusCode).toBe(404);
    expect(put.data.message).toBe('Сотрудник не найден');
    const cleared = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/reports/report-card/days',
      token: adminToken,
      payload: { employeeId: strangerEmployee, date: '2026-03-05', reason: 'Ошибка' },
    });
    expect(cleared.statusCode).toBe(404);
  });
});

describe('validation', () => {
  it('answers 422 to a bad month, a bad or reversed range, or one longer than 92 days', async () => {
    const cases: [string, string][] = [
      ['/api/v1/reports/report-card?month=2026-13', 'month'],
      ['/api/v1/reports/report-card?month=март', 'month'],
      ['/api/v1/reports/report-card', 'month'],
      ['/api/v1/reports/attendance?from=2026-01-01&to=2026-04-30', 'to'],
      ['/api/v1/reports/attendance?from=2026-03-31&to=2026-03-01', 'to'],
      ['/api/v1/reports/attendance?from=2026-02-30&to=2026-03-01', 'from'],
      [
        `/api/v1/reports/attendance/days?employeeId=${alekseev}&from=2026-01-01&to=2026-06-01`,
        'to',
      ],
      ['/api/v1/reports/report-card/days/history?employeeId=1&date=вчера', 'date'],
    ];
    for (const [url, field] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.data.code).toBe('VALIDATION_ERROR');
      expect(
        response.data.details.map((detail: { field: string }) => detail.field),
        url,
      ).toContain(field);
    }
  });

  it('answers 422 to an override without a reason, codes or hours, or with a code twice', async () => {
    const base = {
      employeeId: alekseev,
      date: '2026-03-05',
      entries: [{ code: 'ПР', minutes: null }],
      reason: 'Прогул',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, reason: undefined }, 'reason'],
      [{ ...base, reason: '  ' }, 'reason'],
      [{ ...base, entries: [] }, 'entries'],
      [{ ...base, entries: [{ code: 'ZZ', minutes: null }] }, 'entries.0.code'],
      [{ ...base, entries: [{ code: 'Я', minutes: 2000 }] }, 'entries.0.minutes'],
      [{ ...base, entries: [{ code: 'Я', minutes: null }] }, 'entries'],
      [
        {
          ...base,
          entries: [
            { code: 'В', minutes: null },
            { code: 'В', minutes: null },
          ],
        },
        'entries',
      ],
      [
        {
          ...base,
          entries: [
            { code: 'Я', minutes: 900 },
            { code: 'С', minutes: 600 },
          ],
        },
        'entries',
      ],
      [{ ...base, date: '2026-04-01', employeeId: borisov }, 'date'],
      [{ ...base, companyId: 1 }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(t.app, {
        method: 'PUT',
        url: '/api/v1/reports/report-card/days',
        token: adminToken,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (field !== 'body')
        expect(
          response.data.details.map((detail: { field: string }) => detail.field),
          JSON.stringify(payload),
        ).toContain(field);
    }
    const noReason = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/reports/report-card/days',
      token: adminToken,
      payload: { employeeId: alekseev, date: '2026-03-05' },
    });
    expect(noReason.statusCode).toBe(422);
    // Nothing was written.
    const history = await get(
      `/api/v1/reports/report-card/days/history?employeeId=${alekseev}&date=2026-03-05`,
    );
    expect(history.data.items).toEqual([]);
  });
});

describe('overrides', () => {
  it('replaces the derived codes in the report card and the drill-down, keeps history, and clears', async () => {
    const { companyId } = company;
    const department = await createDepartment(t, companyId);
    const { employeeId } = await reportMember(t, companyId, {
      lastName: 'Егоров',
      departmentId: department.id,
    });
    await assignSchedule(t, adminToken, [employeeId], OFFICE_WEEK);
    const query = `month=${MARCH}&employeeId=${employeeId}`;
    const before = await reportCard(query);
    expect(daysOf(before.employees[0]!)['02']).toBe('НН');

    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/reports/report-card/days',
      token: managerToken,
      payload: {
        employeeId,
        date: '2026-03-02',
        entries: [{ code: 'ПР', minutes: null }],
        reason: 'Прогул: объяснительной нет',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(ReportCardDaySchema.parse(put.data)).toMatchObject({
      date: '2026-03-02',
      entries: [{ code: 'ПР', minutes: null }],
      override: { reason: 'Прогул: объяснительной нет', changedByName: 'Яковлев Иван' },
    });

    // A second change of the same date replaces the first.
    const again = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/reports/report-card/days',
      token: adminToken,
      payload: {
        employeeId,
        date: '2026-03-02',
        entries: [
          { code: 'Я', minutes: 240 },
          { code: 'ПР', minutes: 240 },
        ],
        reason: 'Пришёл к обеду',
      },
    });
    expect(again.statusCode, again.body).toBe(200);

    const card = await reportCard(query);
    const employee = card.employees[0]!;
    const day = employee.days.find((entry) => entry.date === '2026-03-02')!;
    expect(text(day.entries)).toBe('Я240 ПР240');
    expect(day.override).toMatchObject({ reason: 'Пришёл к обеду' });
    expect(employee.firstHalf.days).toBe(1);
    expect(employee.firstHalf.minutes).toBe(240);
    expect(employee.absences).toContainEqual({ code: 'ПР', days: 1, minutes: 240 });

    const days = await get(
      `/api/v1/reports/attendance/days?employeeId=${employeeId}&from=2026-03-02&to=2026-03-02`,
    );
    // The codes are the manager's; the facts stay those of the checks.
    expect(days.data.days[0]).toMatchObject({
      absent: true,
      workedMinutes: 0,
      entries: [
        { code: 'Я', minutes: 240 },
        { code: 'ПР', minutes: 240 },
      ],
    });
    const report = await get(
      `/api/v1/reports/attendance?from=2026-03-02&to=2026-03-02&employeeId=${employeeId}`,
    );
    expect(report.data.rows[0]).toMatchObject({ absentDays: 1, workedMinutes: 0 });

    const cleared = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/reports/report-card/days',
      token: adminToken,
      payload: { employeeId, date: '2026-03-02', reason: 'Ошибочно' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(ReportCardDaySchema.parse(cleared.data)).toEqual({
      date: '2026-03-02',
      entries: [{ code: 'НН', minutes: null }],
      override: null,
    });
    const after = await reportCard(query);
    expect(daysOf(after.employees[0]!)).toEqual(daysOf(before.employees[0]!));

    const history = await get(
      `/api/v1/reports/report-card/days/history?employeeId=${employeeId}&date=2026-03-02`,
    );
    expect(history.statusCode).toBe(200);
    const items = TimesheetHistorySchema.parse(history.data).items;
    expect(items.map((item) => [item.action, item.reason, item.changedByName])).toEqual([
      ['SET', 'Прогул: объяснительной нет', 'Яковлев Иван'],
      ['SET', 'Пришёл к обеду', expect.any(String)],
      ['CLEAR', 'Ошибочно', expect.any(String)],
    ]);
    expect(items[0]!.entries).toEqual([{ code: 'ПР', minutes: null }]);
    expect(items[2]!.entries).toBeNull();

    // Nothing left to clear.
    const twice = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/reports/report-card/days',
      token: adminToken,
      payload: { employeeId, date: '2026-03-02', reason: 'Ошибочно' },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('records the super admin under impersonation, in the history and the audit log', async () => {
    const superTokens = await loginSuperAdmin(t.app);
    const superProfile = await get('/api/v1/profile', superTokens.accessToken);
    const entered = await call(t.app, {
      method: 'POST',
      url: `/api/v1/auth/auth-with-admin/${company.companyId}`,
      token: superTokens.accessToken,
      payload: {},
    });
    expect(entered.statusCode).toBe(200);
    const { accessToken } = TokenPairSchema.parse(entered.data);
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/reports/report-card/days',
      token: accessToken,
      payload: {
        employeeId: vasiliev,
        date: '2026-03-02',
        entries: [{ code: 'К', minutes: 480 }],
        reason: 'Командировка по приказу',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [history] = await t.database.db
      .select()
      .from(timesheetOverrideHistory)
      .where(
        and(
          eq(timesheetOverrideHistory.companyId, company.companyId),
          eq(timesheetOverrideHistory.employeeId, vasiliev),
        ),
      );
    expect(history).toMatchObject({ action: 'SET', impersonatorId: superProfile.data.id });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.companyId), eq(auditLog.action, 'PUT')));
    expect(audit).toContainEqual(
      expect.objectContaining({
        entity: '/api/v1/reports/report-card/days',
        impersonatorId: superProfile.data.id,
      }),
    );
  });
});
