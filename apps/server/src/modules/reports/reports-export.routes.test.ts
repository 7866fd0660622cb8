import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import {
  AttendanceReportSchema,
  ReportCardResponseSchema,
  decodeReportCard,
  type AttendanceReport,
  type ReportCard,
} from '@smena/contract';
import { localDateOf } from '@smena/time';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import {
  OFFICE_WEEK,
  addCheck,
  addDayOff,
  assignSchedule,
  createBranch,
  createDepartment,
  linkBranch,
  reportMember,
} from './reports.test-helpers.ts';
import { formatHoursMinutes } from '@smena/contract';
import { readWorkbook, shownHours, shownMinutes } from './xlsx/xlsx-test-support.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MARCH = '2026-03';

let t: TestApp;
let company: TestCompany;
let managerToken: string;
let employeeToken: string;
let workshop: { id: number; title: string };
let alekseev: number;
let stranger: { employeeId: number; branchId: number; departmentId: number };

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  const { companyId } = company;
  const adminToken = company.admin.tokens.accessToken;
  managerToken = (await reportMember(t, companyId, { role: 'MANAGER', lastName: 'Яковлев' })).token;
  employeeToken = (await reportMember(t, companyId, { lastName: 'Юрьев' })).token;
  const branch = await createBranch(t, adminToken);
  workshop = await createDepartment(t, companyId, 'Цех');
  const office = await createDepartment(t, companyId, 'Офис');
  alekseev = (await reportMember(t, companyId, { lastName: 'Алексеев', departmentId: workshop.id }))
    .employeeId;
  const vasiliev = (
    await reportMember(t, companyId, { lastName: 'Васильев', departmentId: office.id })
  ).employeeId;
  await linkBranch(t, companyId, alekseev, branch.id);
  await linkBranch(t, companyId, vasiliev, branch.id);
  await assignSchedule(t, adminToken, [alekseev, vasiliev], OFFICE_WEEK);

  const a = { companyId, employeeId: alekseev, branchId: branch.id };
  await addCheck(t, a, '2026-03-02', '09:00', '18:00');
  await addCheck(t, a, '2026-03-03', '09:00', '20:00'); // two hours' overtime
  await addCheck(t, a, '2026-03-04', '10:00', '18:00'); // an hour late
  await addCheck(t, a, '2026-03-07', '10:00', '14:00'); // a Saturday: РВ
  await addDayOff(t, companyId, alekseev, 'VACATION', '2026-03-10', '2026-03-13');
  for (const date of ['16', '17', '18', '19', '20'])
    await addCheck(t, a, `2026-03-${date}`, '09:00', '18:00');
  const v = { companyId, employeeId: vasiliev, branchId: branch.id };
  await addCheck(t, v, '2026-03-02', '09:00', '18:00');

  const other = await createCompany(t.app);
  stranger = {
    employeeId: (await reportMember(t, other.companyId)).employeeId,
    branchId: (await createBranch(t, other.admin.tokens.accessToken)).id,
    departmentId: (await createDepartment(t, other.companyId)).id,
  };
});
afterAll(async () => {
  await t.close();
});

function get(url: string, token = managerToken) {
  return call(t.app, { method: 'GET', url, token });
}

async function download(url: string, token = managerToken) {
  const response = await get(url, token);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const workbook = await readWorkbook(response.rawPayload);
  return { response, sheet: workbook.worksheets[0]! };
}

async function reportCardJson(query: string): Promise<ReportCard> {
  const response = await get(`/api/v1/reports/report-card?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return decodeReportCard(ReportCardResponseSchema.parse(response.data));
}

async function attendanceJson(query: string): Promise<AttendanceReport> {
  const response = await get(`/api/v1/reports/attendance?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return AttendanceReportSchema.parse(response.data);
}

const value = (sheet: ExcelJS.Worksheet, address: string) => sheet.getCell(address).value ?? null;

/** The T-13 cell of a day: codes row, then hours row (first employee row 20, four rows each). */
function dayAddress(ordinal: number, day: number, hours: boolean): string {
  const first = 20 + (ordinal - 1) * 4 + (day > 15 ? 2 : 0) + (hours ? 1 : 0);
  const column = String.fromCharCode(64 + 4 + (day <= 15 ? day - 1 : day - 16));
  return `${column}${first}`;
}

describe('GET /reports/report-card.xlsx', () => {
  it('streams the month’s timesheet as form T-13 with a Russian file name', async () => {
    const { response, sheet } = await download(`/api/v1/reports/report-card.xlsx?month=${MARCH}`);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="timesheet-${MARCH}.xlsx"; filename*=UTF-8''` +
        encodeURIComponent(`Табель ${MARCH}.xlsx`),
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const card = await reportCardJson(`month=${MARCH}`);
    expect(value(sheet, 'Y5')).toBe('0301008');
    expect(value(sheet, 'A6')).toBe(card.companyTitle);
    expect(value(sheet, 'A8')).toBe('—');
    expect(value(sheet, 'K13')).toBe(MARCH);
    const [year, month, day] = localDateOf(Date.now(), 'Europe/Moscow').split('-');
    expect(value(sheet, 'N13')).toBe(`${day}.${month}.${year}`);
    expect(value(sheet, 'Q13')).toBe('01.03.2026');
    expect(value(sheet, 'S13')).toBe('31.03.2026');
  });

  it('writes every employee’s codes, hours and totals as the timesheet computes them', async () => {
    const { sheet } = await download(`/api/v1/reports/report-card.xlsx?month=${MARCH}`);
    const card = await reportCardJson(`month=${MARCH}`);
    expect(card.employees.length).toBeGreaterThanOrEqual(4);
    card.employees.forEach((employee, index) => {
      const ordinal = index + 1;
      const first = 20 + index * 4;
      expect(value(sheet, `A${first + 1}`)).toBe(ordinal);
      // The surname over the other names; a member registered without a name has none.
      expect(value(sheet, `B${first}`)).toBe(employee.name.split(' ')[0] || null);
      for (const [i, date] of employee.days.entries()) {
        const codes = date.entries.map((entry) => entry.code).join('/');
        expect(value(sheet, dayAddress(ordinal, i + 1, false)), date.date).toBe(codes || null);
      }
      expect(value(sheet, `T${first}`)).toBe(employee.firstHalf.days);
      expect(value(sheet, `T${first + 2}`)).toBe(employee.secondHalf.days);
      expect(value(sheet, `U${first + 1}`)).toBe(employee.month.days);
      expect(shownHours(sheet, `T${first + 1}`)).toBe(
        formatHoursMinutes(employee.firstHalf.minutes),
      );
      expect(shownHours(sheet, `T${first + 3}`)).toBe(
        formatHoursMinutes(employee.secondHalf.minutes),
      );
      expect(shownHours(sheet, `V${first + 1}`)).toBe(formatHoursMinutes(employee.month.minutes));
      // What is printed adds up: each half's total is the sum of its dates' hours.
      const printed = (days: number[]) =>
        days.reduce((sum, day) => sum + shownMinutes(sheet, dayAddress(ordinal, day, true)), 0);
      const dayNumbers = employee.days.map((_day, i) => i + 1);
      const firstHalf = printed(dayNumbers.filter((day) => day <= 15));
      const secondHalf = printed(dayNumbers.filter((day) => day > 15));
      expect(shownMinutes(sheet, `T${first + 1}`)).toBe(firstHalf);
      expect(shownMinutes(sheet, `T${first + 3}`)).toBe(secondHalf);
      expect(shownMinutes(sheet, `V${first + 1}`)).toBe(firstHalf + secondHalf);
    });

    const ordinal = card.employees.findIndex((employee) => employee.employeeId === alekseev) + 1;
    expect(value(sheet, dayAddress(ordinal, 2, false))).toBe('Я');
    expect(shownHours(sheet, dayAddress(ordinal, 2, true))).toBe('8:00');
    expect(value(sheet, dayAddress(ordinal, 7, false))).toBe('РВ');
    expect(shownHours(sheet, dayAddress(ordinal, 7, true))).toBe('4:00');
    expect(value(sheet, dayAddress(ordinal, 8, false))).toBe('В');
    expect(value(sheet, dayAddress(ordinal, 10, false))).toBe('ОТ');
    expect(value(sheet, dayAddress(ordinal, 10, true))).toBeNull();
    // March has 31 days: nothing is crossed out in the second half, only the first half's 16th.
    expect(value(sheet, `S${20 + (ordinal - 1) * 4}`)).toBe('Х');
    expect(value(sheet, dayAddress(ordinal, 31, false))).not.toBe('Х');
  });

  it('filters by department and names it in the head', async () => {
    const { sheet } = await download(
      `/api/v1/reports/report-card.xlsx?month=${MARCH}&departmentId=${workshop.id}`,
    );
    expect(value(sheet, 'A8')).toBe('Цех');
    expect(value(sheet, 'B20')).toBe('Алексеев');
    // One employee: the legend follows after a spacer row.
    expect(value(sheet, 'B24')).toBeNull();
    expect(value(sheet, 'A25')).toMatch(/^Условные обозначения: Я \(01\)/);
  });

  it('prints the month’s approval: the department’s status, who approved it and when', async () => {
    const url = `/api/v1/reports/report-card.xlsx?month=${MARCH}&departmentId=${workshop.id}`;
    expect(value((await download(url)).sheet, 'A14')).toBe(
      'Состояние месяца (отдел «Цех»): Черновик',
    );
    const adminToken = company.admin.tokens.accessToken;
    for (const step of ['submit', 'approve']) {
      const response = await call(t.app, {
        method: 'POST',
        url: `/api/v1/month-periods/${step}`,
        token: adminToken,
        payload: { month: MARCH, departmentId: workshop.id },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(value((await download(url)).sheet, 'A14')).toMatch(
      /^Состояние месяца \(отдел «Цех»\): Утверждён, утвердил \S.* \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    // The whole company's timesheet names the units approved.
    expect(
      value((await download(`/api/v1/reports/report-card.xlsx?month=${MARCH}`)).sheet, 'A14'),
    ).toMatch(/^Месяц утверждён: отдел «Цех», утвердил /);
  });

  it('answers 422 to a bad month', async () => {
    expect((await get('/api/v1/reports/report-card.xlsx?month=2026-13')).statusCode).toBe(422);
  });
});

describe('GET /reports/attendance.xlsx', () => {
  const period = 'from=2026-03-01&to=2026-03-31';

  it('streams the attendance table with the same figures as the report', async () => {
    const { response, sheet } = await download(`/api/v1/reports/attendance.xlsx?${period}`);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="attendance-2026-03-01-2026-03-31.xlsx"; filename*=UTF-8''` +
        encodeURIComponent('Посещаемость 2026-03-01 — 2026-03-31.xlsx'),
    );

    const report = await attendanceJson(period);
    expect(value(sheet, 'A1')).toBe('Отчёт по посещаемости с 01.03.2026 по 31.03.2026');
    report.rows.forEach((row, index) => {
      const excelRow = 4 + index;
      expect(value(sheet, `A${excelRow}`)).toBe(row.name || null);
      expect(value(sheet, `E${excelRow}`)).toBe(row.plannedDays);
      expect(shownHours(sheet, `H${excelRow}`)).toBe(formatHoursMinutes(row.workedMinutes));
      expect(value(sheet, `I${excelRow}`)).toBe(row.lateCount);
      expect(value(sheet, `M${excelRow}`)).toBe(row.absenceDays.VACATION);
      expect(value(sheet, `R${excelRow}`)).toBe(row.absentDays);
    });
    const alekseevRow = 4 + report.rows.findIndex((row) => row.employeeId === alekseev);
    expect(value(sheet, `I${alekseevRow}`)).toBe(1);
    expect(value(sheet, `M${alekseevRow}`)).toBe(4);
    const totalsRow = 4 + report.rows.length;
    expect(value(sheet, `A${totalsRow}`)).toBe('Итого');
    expect(value(sheet, `G${totalsRow}`)).toBe(report.totals.workedDays);
    expect(shownHours(sheet, `H${totalsRow}`)).toBe(
      formatHoursMinutes(report.totals.workedMinutes),
    );
  });

  it('answers 422 to a period longer than a quarter', async () => {
    const response = await get('/api/v1/reports/attendance.xlsx?from=2026-01-01&to=2026-06-30');
    expect(response.statusCode).toBe(422);
  });
});

describe('access to the exports', () => {
  const urls = [
    `/api/v1/reports/report-card.xlsx?month=${MARCH}`,
    '/api/v1/reports/attendance.xlsx?from=2026-03-01&to=2026-03-31',
  ];

  it('lets an admin download them', async () => {
    for (const url of urls)
      expect((await get(url, company.admin.tokens.accessToken)).statusCode).toBe(200);
  });

  it('answers 403 to an employee and 401 without a token', async () => {
    for (const url of urls) {
      expect((await get(url, employeeToken)).statusCode).toBe(403);
      expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('answers 404 to another company’s employee, branch or department', async () => {
    for (const url of urls)
      for (const filter of [
        `employeeId=${stranger.employeeId}`,
        `branchId=${stranger.branchId}`,
        `departmentId=${stranger.departmentId}`,
      ]) {
        const response = await get(`${url}&${filter}`);
        expect(response.statusCode, `${url}&${filter}`).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
  });
});
