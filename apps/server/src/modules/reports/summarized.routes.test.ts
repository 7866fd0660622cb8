import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  AttendanceReportSchema,
  ReportCardResponseSchema,
  type SummarizedPeriod,
  decodeReportCard,
} from '@smena/contract';
import { eachDate } from '@smena/time';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, type TestCompany, unique } from '../../../test/factories.ts';
import {
  OFFICE_WEEK,
  addCheck,
  addDayOff,
  createBranch,
  linkBranch,
  reportMember,
} from './reports.test-helpers.ts';

/**
 * Summarized accounting (art. 104, decision 030), a known quarter: Q1 2026 of the Russian
 * production calendar holds 55 working days, 440 hours. Сидоров works 5/2, 09:00–18:00 with an
 * hour's break, on a schedule with a quarter as its accounting period; a vacation 16.02–01.03
 * takes 9 working days (72 h) of the norm: 368 h. He works every working day of the plan (46
 * days, 368 h), stays until 20:00 on ten March days (20 h more) and works a Saturday, 7 March,
 * 10:00–14:00 (РВ: paid double, not overtime, art. 152). At the end of March the quarter has 20 h
 * of overtime; no date has any. Петров has the same month on an ordinary schedule: С by date.
 */
const H = 60;
const LONG_DAYS = ['02', '03', '04', '05', '06', '10', '11', '12', '13', '16'];

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let employeeToken: string;
let sidorov: number;
let petrov: number;
let limitedManager: string;
let stranger: TestCompany;

async function createSchedule(accountingPeriod: string | null) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedules',
    token: adminToken,
    payload: { title: `График ${unique()}`, definition: OFFICE_WEEK, accountingPeriod },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.data as { id: number; accountingPeriod: string | null };
}

async function assign(employeeIds: number[], scheduleId: number) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/schedule-assignments',
    token: adminToken,
    payload: { employeeIds, scheduleId, effectiveFrom: '2026-01-01' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  const { companyId } = company;
  employeeToken = (await reportMember(t, companyId, { lastName: 'Юрьев' })).token;
  const branch = await createBranch(t, adminToken);
  const other = await createBranch(t, adminToken);
  sidorov = (await reportMember(t, companyId, { lastName: 'Сидоров' })).employeeId;
  petrov = (await reportMember(t, companyId, { lastName: 'Петров' })).employeeId;
  await linkBranch(t, companyId, sidorov, branch.id);
  await linkBranch(t, companyId, petrov, branch.id);

  const quarter = await createSchedule('QUARTER');
  expect(quarter.accountingPeriod).toBe('QUARTER');
  const ordinary = await createSchedule(null);
  await assign([sidorov], quarter.id);
  await assign([petrov], ordinary.id);

  await addDayOff(t, companyId, sidorov, 'VACATION', '2026-02-16', '2026-03-01');
  const s = { companyId, employeeId: sidorov, branchId: branch.id };
  const working = (date: string) => {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    const holidays = ['2026-01-01', '2026-01-02', '2026-01-05', '2026-01-06', '2026-01-07'];
    const off = [...holidays, '2026-01-08', '2026-01-09', '2026-02-23', '2026-03-09'];
    return day !== 0 && day !== 6 && !off.includes(date);
  };
  const dates = eachDate('2026-01-01', '2026-03-31').filter(
    (date) => working(date) && !(date >= '2026-02-16' && date <= '2026-03-01'),
  );
  expect(dates).toHaveLength(46);
  for (const date of dates) {
    const long = date.startsWith('2026-03') && LONG_DAYS.includes(date.slice(8));
    await addCheck(t, s, date, '09:00', long ? '20:00' : '18:00');
  }
  await addCheck(t, s, '2026-03-07', '10:00', '14:00');
  const p = { companyId, employeeId: petrov, branchId: branch.id };
  await addCheck(t, p, '2026-03-03', '09:00', '20:00');

  limitedManager = (
    await addManager(
      t.app,
      t.database.db,
      { companyId, adminToken },
      { kind: 'UNITS', branchIds: [other.id] },
    )
  ).token;
  stranger = await createCompany(t.app);
});
afterAll(async () => {
  await t.close();
});

function get(url: string, token: string | null = adminToken) {
  return call(t.app, { method: 'GET', url, token: token ?? undefined });
}

async function reportCard(month: string) {
  const response = await get(`/api/v1/reports/report-card?month=${month}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return decodeReportCard(ReportCardResponseSchema.parse(response.data));
}

async function attendance(from: string, to: string, token = adminToken) {
  const response = await get(`/api/v1/reports/attendance?from=${from}&to=${to}`, token);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return AttendanceReportSchema.parse(response.data);
}

describe('summarized accounting in the T-13', () => {
  it('has no С by date, and the quarter’s overtime in March, its last month', async () => {
    const card = await reportCard('2026-03');
    const row = card.employees.find((e) => e.employeeId === sidorov)!;
    const day = (date: string) => row.days.find((d) => d.date === date)!.entries;
    expect(day('2026-03-03')).toEqual([{ code: 'Я', minutes: 10 * H }]);
    expect(day('2026-03-07')).toEqual([{ code: 'РВ', minutes: 4 * H }]);
    expect(row.days.some((d) => d.entries.some((e) => e.code === 'С'))).toBe(false);
    expect(row.summarized).toEqual<SummarizedPeriod>({
      period: 'QUARTER',
      from: '2026-01-01',
      to: '2026-03-31',
      asOf: '2026-03-31',
      normMinutes: 368 * H,
      plannedMinutes: 368 * H,
      workedMinutes: 388 * H,
      closed: true,
      overtimeMinutes: 20 * H,
    });
    // March: 21 working days, 8 h each, 20 h more and the Saturday's 4 h of РВ.
    expect(row.month).toEqual({ days: 22, minutes: (21 * 8 + 20 + 4) * H });
    // The ordinary schedule is as before: С on the date.
    const ordinary = card.employees.find((e) => e.employeeId === petrov)!;
    expect(ordinary.summarized).toBeUndefined();
    expect(ordinary.days.find((d) => d.date === '2026-03-03')!.entries).toEqual([
      { code: 'Я', minutes: 8 * H },
      { code: 'С', minutes: 2 * H },
    ]);
  });

  it('shows the period to date in an earlier month, without overtime', async () => {
    const card = await reportCard('2026-02');
    const row = card.employees.find((e) => e.employeeId === sidorov)!;
    // January 120 h, February 152 h less the vacation's 9 working days (72 h).
    expect(row.summarized).toEqual<SummarizedPeriod>({
      period: 'QUARTER',
      from: '2026-01-01',
      to: '2026-03-31',
      asOf: '2026-02-28',
      normMinutes: 200 * H,
      plannedMinutes: 200 * H,
      workedMinutes: 200 * H,
      closed: false,
      overtimeMinutes: 0,
    });
  });
});

describe('summarized accounting in the attendance report', () => {
  it('puts the quarter’s overtime in the row when the range ends the quarter', async () => {
    const report = await attendance('2026-03-01', '2026-03-31');
    const row = report.rows.find((r) => r.employeeId === sidorov)!;
    expect(row.overtimeMinutes).toBe(20 * H);
    expect(row.summarized).toMatchObject({ closed: true, overtimeMinutes: 20 * H });
    const ordinary = report.rows.find((r) => r.employeeId === petrov)!;
    expect(ordinary.overtimeMinutes).toBe(2 * H);
    expect(ordinary.summarized).toBeUndefined();
    expect(report.totals.overtimeMinutes).toBe(22 * H);
  });

  it('shows planned and worked hours against the norm to date inside the quarter', async () => {
    const report = await attendance('2026-03-01', '2026-03-15');
    const row = report.rows.find((r) => r.employeeId === sidorov)!;
    // To 15 March: 200 h and nine March working days (72 h), all nine 2 h longer (18 h), the
    // Saturday's РВ left out; no overtime until the quarter ends.
    expect(row.overtimeMinutes).toBe(0);
    expect(row.summarized).toEqual<SummarizedPeriod>({
      period: 'QUARTER',
      from: '2026-01-01',
      to: '2026-03-31',
      asOf: '2026-03-15',
      normMinutes: 272 * H,
      plannedMinutes: 272 * H,
      workedMinutes: (272 + 18) * H,
      closed: false,
      overtimeMinutes: 0,
    });
  });

  it('gives a manager only their scope, and refuses others', async () => {
    const limited = await attendance('2026-03-01', '2026-03-31', limitedManager);
    expect(limited.rows.map((r) => r.employeeId)).not.toContain(sidorov);
    expect(
      (await get(`/api/v1/reports/attendance?from=2026-03-01&to=2026-03-31`, employeeToken))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(`/api/v1/reports/attendance?from=2026-03-01&to=2026-03-31`, null)).statusCode,
    ).toBe(401);
    const foreign = await get(
      `/api/v1/reports/report-card?month=2026-03&employeeId=${sidorov}`,
      stranger.admin.tokens.accessToken,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('summarized accounting in the payroll export', () => {
  async function payrollRow(month: string) {
    const response = await get(`/api/v1/reports/payroll?month=${month}&format=csv`);
    expect(response.statusCode).toBe(200);
    const records = parse(response.rawPayload, {
      bom: true,
      delimiter: ';',
      relax_column_count: true,
    }) as string[][];
    const headerAt = records.findIndex((record) => record[0] === 'Табельный номер');
    const header = records[headerAt]!;
    const record = records.slice(headerAt + 1).find((r) => r[1]?.startsWith('Сидоров'))!;
    return Object.fromEntries(header.map((name, index) => [name, record[index]]));
  }

  it('pays the quarter’s overtime once, in March', async () => {
    const march = await payrollRow('2026-03');
    expect(march['Сверхурочные, часов']).toBe('20,00');
    expect(march['С, часов']).toBe('20,00');
    // «Отработано» is the dates' codes, as before: the overtime is part of it, not added.
    expect(march['Отработано, часов']).toBe('192,00');
    const february = await payrollRow('2026-02');
    expect(february['Сверхурочные, часов']).toBe('0,00');
  });
});
