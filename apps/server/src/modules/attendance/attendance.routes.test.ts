import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DateAttendance, EmployeesAttendanceSchema } from '@smena/contract';
import { addDays, wallTimeToMs } from '@smena/time';
import { checks } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import {
  NIGHT_WEEK,
  OFFICE_WEEK,
  addDayOff,
  assignSchedule,
  createBranch,
  linkBranch,
  reportMember,
} from '../reports/reports.test-helpers.ts';
import { createAttendanceDatesService } from './attendance-dates.service.ts';

const MOSCOW = 'Europe/Moscow';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let managerToken: string;
let employeeToken: string;
let office: number;
let night: number;
let self: number;
let stranger: TestCompany;
let strangerEmployee: number;
const ids: Record<string, number> = {};

/** A check by Moscow wall times (an `out` written `+HH:mm` is on the next day); its id. */
async function addCheck(employeeId: number, date: string, inAt: string, outAt: string | null) {
  const outDate = outAt?.startsWith('+') ? addDays(date, 1) : date;
  const [row] = await t.database.db
    .insert(checks)
    .values({
      companyId: company.companyId,
      employeeId,
      branchId: branchId,
      checkIn: new Date(wallTimeToMs(date, inAt, MOSCOW)),
      checkOut:
        outAt === null ? null : new Date(wallTimeToMs(outDate, outAt.replace('+', ''), MOSCOW)),
      source: 'MANUAL',
    })
    .returning({ id: checks.id });
  return row!.id;
}
let branchId: number;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  const { companyId } = company;
  managerToken = (await reportMember(t, companyId, { role: 'MANAGER' })).token;
  const employee = await reportMember(t, companyId, { lastName: 'Сам' });
  employeeToken = employee.token;
  self = employee.employeeId;
  branchId = (await createBranch(t, adminToken)).id;
  office = (await reportMember(t, companyId, { lastName: 'Офисный' })).employeeId;
  night = (await reportMember(t, companyId, { lastName: 'Ночной' })).employeeId;
  for (const id of [office, night, self]) await linkBranch(t, companyId, id, branchId);
  await assignSchedule(t, adminToken, [office, self], OFFICE_WEEK);
  await assignSchedule(t, adminToken, [night], NIGHT_WEEK);

  // March 2026: Monday the 2nd to Sunday the 8th (a holiday), 09:00–18:00 with a 60-minute break.
  ids.onTime = await addCheck(office, '2026-03-02', '08:58', '18:02');
  ids.late = await addCheck(office, '2026-03-03', '10:00', '18:00');
  ids.early = await addCheck(office, '2026-03-04', '09:00', '17:00');
  // The 5th: no check — absent. The 6th: two checks, late 20 and early 30 minutes.
  ids.afternoon = await addCheck(office, '2026-03-06', '14:00', '17:30');
  ids.morning = await addCheck(office, '2026-03-06', '09:20', '13:00');
  ids.saturday = await addCheck(office, '2026-03-07', '10:00', '14:00');
  // Night shifts 22:00–06:00: the morning's check-out stays with the evening's date.
  ids.night = await addCheck(night, '2026-03-02', '22:10', '+05:30');
  await addDayOff(t, companyId, night, 'VACATION', '2026-03-03', '2026-03-06');
  ids.own = await addCheck(self, '2026-03-02', '09:30', '18:00');

  stranger = await createCompany(t.app);
  strangerEmployee = (await reportMember(t, stranger.companyId)).employeeId;
});
afterAll(async () => {
  await t.close();
});

function get(url: string, token: string | null = adminToken) {
  return call(t.app, { method: 'GET', url, token: token ?? undefined });
}

async function attendance(url: string, token = adminToken) {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return EmployeesAttendanceSchema.parse(response.data);
}

const brief = (day: DateAttendance) => ({
  date: day.date,
  kind: day.kind,
  late: day.lateMinutes,
  early: day.earlyLeaveMinutes,
  worked: day.workedMinutes,
  absent: day.absent,
  checkIds: day.checkIds,
});

describe('GET /attendance', () => {
  it('answers the dates of each employee with lateness, early leave, absence and their checks', async () => {
    const result = await attendance(
      `/api/v1/attendance?from=2026-03-02&to=2026-03-08&employeeIds=${office},${night}`,
      managerToken,
    );
    expect(result.employees.map((employee) => employee.employeeId)).toEqual([office, night]);
    const [first, second] = result.employees;
    expect(first!.timezone).toBe(MOSCOW);
    expect(first!.days.map(brief)).toEqual([
      {
        date: '2026-03-02',
        kind: 'WORK',
        late: 0,
        early: 0,
        worked: 484,
        absent: false,
        checkIds: [ids.onTime],
      },
      {
        date: '2026-03-03',
        kind: 'WORK',
        late: 60,
        early: 0,
        worked: 420,
        absent: false,
        checkIds: [ids.late],
      },
      {
        date: '2026-03-04',
        kind: 'WORK',
        late: 0,
        early: 60,
        worked: 420,
        absent: false,
        checkIds: [ids.early],
      },
      {
        date: '2026-03-05',
        kind: 'WORK',
        late: 0,
        early: 0,
        worked: 0,
        absent: true,
        checkIds: [],
      },
      {
        date: '2026-03-06',
        kind: 'WORK',
        late: 20,
        early: 30,
        // 3 h 40 min and 3 h 30 min: the break is taken only from the time beyond four hours.
        worked: 370,
        absent: false,
        checkIds: [ids.morning, ids.afternoon],
      },
      {
        date: '2026-03-07',
        kind: 'REST',
        late: 0,
        early: 0,
        worked: 240,
        absent: false,
        checkIds: [ids.saturday],
      },
    ]);
    expect(first!.days.find((day) => day.date === '2026-03-07')!.workedOnDayOff).toBe(true);
    // The night shift's check-out on the 3rd belongs to the 2nd; the vacation is no absence.
    expect(second!.days.map(brief)).toEqual([
      {
        date: '2026-03-02',
        kind: 'WORK',
        late: 10,
        early: 30,
        worked: 440,
        absent: false,
        checkIds: [ids.night],
      },
    ]);
    expect(second!.days[0]!.nightMinutes).toBe(440);
  });

  it('answers every date when asked for all of them', async () => {
    const result = await attendance(
      `/api/v1/attendance?from=2026-03-02&to=2026-03-08&employeeIds=${night}&dates=all`,
    );
    const days = result.employees[0]!.days;
    expect(days.map((day) => day.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(days[1]).toMatchObject({
      kind: 'DAY_OFF',
      dayOffType: 'VACATION',
      absent: false,
      checkIds: [],
    });
  });

  it('answers 404 when an employee is another company’s', async () => {
    const response = await get(
      `/api/v1/attendance?from=2026-03-02&to=2026-03-08&employeeIds=${office},${strangerEmployee}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.data.message).toBe('Сотрудник не найден');
    const theirs = await get(
      `/api/v1/attendance?from=2026-03-02&to=2026-03-08&employeeIds=${office}`,
      stranger.admin.tokens.accessToken,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('answers 403 to an EMPLOYEE and 401 without a token', async () => {
    const url = `/api/v1/attendance?from=2026-03-02&to=2026-03-08&employeeIds=${self}`;
    expect((await get(url, employeeToken)).statusCode).toBe(403);
    expect((await get(url, null)).statusCode).toBe(401);
  });

  it('answers 422 to bad dates, ranges and ids', async () => {
    const many = Array.from({ length: 201 }, (_, index) => index + 1).join(',');
    for (const query of [
      `from=2026-03-08&to=2026-03-02&employeeIds=${office}`,
      `from=2026-02-30&to=2026-03-02&employeeIds=${office}`,
      `from=1999-12-31&to=2000-01-01&employeeIds=${office}`,
      `from=2026-01-01&to=2026-04-04&employeeIds=${office}`,
      `from=2026-03-02&to=2026-03-08`,
      `from=2026-03-02&to=2026-03-08&employeeIds=`,
      `from=2026-03-02&to=2026-03-08&employeeIds=1,x`,
      `from=2026-03-02&to=2026-03-08&employeeIds=2147483648`,
      `from=2026-03-02&to=2026-03-08&employeeIds=${many}`,
      `from=2026-03-02&to=2026-03-08&employeeIds=${office}&dates=some`,
    ]) {
      const response = await get(`/api/v1/attendance?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    // 93 dates are fine.
    const longest = `/api/v1/attendance?from=2026-01-01&to=2026-04-03&employeeIds=${office}`;
    expect((await get(longest)).statusCode).toBe(200);
  });
});

describe('GET /profile/attendance', () => {
  it('answers the caller’s own dates', async () => {
    const result = await attendance(
      '/api/v1/profile/attendance?from=2026-03-02&to=2026-03-03',
      employeeToken,
    );
    expect(result.employees.map((employee) => employee.employeeId)).toEqual([self]);
    expect(result.employees[0]!.days.map(brief)).toEqual([
      {
        date: '2026-03-02',
        kind: 'WORK',
        late: 30,
        early: 0,
        worked: 450,
        absent: false,
        checkIds: [ids.own],
      },
      {
        date: '2026-03-03',
        kind: 'WORK',
        late: 0,
        early: 0,
        worked: 0,
        absent: true,
        checkIds: [],
      },
    ]);
  });

  it('answers 401 without a token and 422 to bad dates', async () => {
    expect(
      (await get('/api/v1/profile/attendance?from=2026-03-02&to=2026-03-03', null)).statusCode,
    ).toBe(401);
    expect(
      (await get('/api/v1/profile/attendance?from=2026-03-03&to=2026-03-02', employeeToken))
        .statusCode,
    ).toBe(422);
    expect(
      (await get('/api/v1/profile/attendance?from=2026-03-02', employeeToken)).statusCode,
    ).toBe(422);
  });
});

describe('the attendance dates service', () => {
  it('marks a begun shift without a check as not arrived, not absent', async () => {
    const service = createAttendanceDatesService({
      db: t.database.db,
      now: () => wallTimeToMs('2026-03-10', '10:00', MOSCOW),
    });
    const result = await service.employeesDates(company.companyId, [office], {
      from: '2026-03-10',
      to: '2026-03-10',
      dates: 'marked',
    });
    expect(result.employees[0]!.days).toEqual([
      expect.objectContaining({
        date: '2026-03-10',
        notArrived: true,
        absent: false,
        checkIds: [],
      }),
    ]);
  });
});
