import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportCardEmployee, type TimesheetEntry } from '@smena/contract';
import { wallTimeToMs } from '@smena/time';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { companies } from '../../db/schema/index.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import { createReportsService } from './reports.service.ts';
import {
  NIGHT_WEEK,
  OFFICE_WEEK,
  addCheck,
  assignSchedule,
  createBranch,
  createDepartment,
  reportMember,
} from './reports.test-helpers.ts';

let t: TestApp;
let company: TestCompany;
let departmentId: number;
let office: number[];
let night: number;
let stillIn: number;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  const { companyId } = company;
  const token = company.admin.tokens.accessToken;
  const branch = await createBranch(t, token);
  departmentId = (await createDepartment(t, companyId)).id;
  office = [];
  for (const lastName of ['Абрамов', 'Белов', 'Волков', 'Гусев', 'Зайцев'])
    office.push((await reportMember(t, companyId, { lastName, departmentId })).employeeId);
  night = (await reportMember(t, companyId, { lastName: 'Жуков', departmentId })).employeeId;
  await assignSchedule(t, token, office, OFFICE_WEEK);
  stillIn = (await reportMember(t, companyId, { lastName: 'Ильин', departmentId })).employeeId;
  await assignSchedule(t, token, [night, stillIn], NIGHT_WEEK);
  for (const [index, employeeId] of office.entries())
    await addCheck(
      t,
      { companyId, employeeId, branchId: branch.id },
      '2026-03-02',
      '09:00',
      `1${index}:00`,
    );
  const n = { companyId, employeeId: night, branchId: branch.id };
  // Friday 27 February's night shift ends on Saturday 28 February; Tuesday 31 March's on 1 April.
  await addCheck(t, n, '2026-02-27', '22:00', '+06:00');
  await addCheck(t, n, '2026-03-31', '22:00', '+06:00');
  // Monday 2 March's night shift: he is still in when the clock below reads 03:00.
  await addCheck(t, { ...n, employeeId: stillIn }, '2026-03-02', '22:00', null);
});
afterAll(async () => {
  await t.close();
});

const text = (entries: readonly TimesheetEntry[]) =>
  entries.map((entry) => `${entry.code}${entry.minutes ?? ''}`).join(' ');

describe('reports service', () => {
  it('streams the report card page by page, the same as the whole', async () => {
    const service = createReportsService({ db: t.database.db });
    const query = { month: '2026-03', departmentId };
    const whole = await service.reportCard(company.companyId, query);
    const { header, pages } = await service.reportCardPages(company.companyId, query, 2);
    const sizes: number[] = [];
    const streamed: ReportCardEmployee[] = [];
    for await (const page of pages) {
      sizes.push(page.length);
      streamed.push(...page);
    }
    expect(sizes).toEqual([2, 2, 2, 1]);
    expect({ ...header, employees: streamed }).toEqual(whole);
  });

  it('streams the attendance report with the same rows and totals', async () => {
    const service = createReportsService({ db: t.database.db });
    const query = { from: '2026-03-01', to: '2026-03-31', departmentId };
    const whole = await service.attendanceReport(company.companyId, query);
    const paged = await service.attendanceReportPages(company.companyId, query, 4);
    const rows = [];
    for await (const page of paged.pages) rows.push(...page);
    expect({ from: paged.from, to: paged.to, rows, totals: paged.totals() }).toEqual(whole);
    expect(whole.totals.workedMinutes).toBe(
      whole.rows.reduce((sum, row) => sum + row.workedMinutes, 0),
    );
  });

  const setRule = (value: 'SPLIT_BY_DATE' | 'SHIFT_START') =>
    t.database.db
      .update(companies)
      .set({ crossMidnightHours: value })
      .where(eq(companies.id, company.companyId));

  it('splits night shifts at midnight by default, at both ends of the month', async () => {
    const service = createReportsService({ db: t.database.db });
    const card = await service.reportCard(company.companyId, {
      month: '2026-03',
      employeeId: night,
    });
    const days = Object.fromEntries(card.employees[0]!.days.map((d) => [d.date, text(d.entries)]));
    // 31 March keeps 22:00–24:00; the rest of its night is April's.
    expect(days['2026-03-01']).toBe('В');
    expect(days['2026-03-31']).toBe('Н120');
    const april = await service.reportCard(company.companyId, {
      month: '2026-04',
      employeeId: night,
    });
    // Its own shift on 1 April was not worked: НН beside the night's end.
    expect(text(april.employees[0]!.days[0]!.entries)).toBe('Н360 НН');
  });

  it('keeps night shifts with the date they start when the company says so', async () => {
    await setRule('SHIFT_START');
    try {
      const service = createReportsService({ db: t.database.db });
      const card = await service.reportCard(company.companyId, {
        month: '2026-03',
        employeeId: night,
      });
      const days = Object.fromEntries(
        card.employees[0]!.days.map((d) => [d.date, text(d.entries)]),
      );
      // 1 March shows nothing of 27 February's shift; 31 March has its whole night.
      expect(days['2026-03-01']).toBe('В');
      expect(days['2026-03-31']).toBe('Н480');
    } finally {
      await setRule('SPLIT_BY_DATE');
    }
  });

  it('shows nothing yet for a shift not over, and counts an open check until now', async () => {
    const nowMs = wallTimeToMs('2026-03-03', '03:00', 'Europe/Moscow');
    const service = createReportsService({ db: t.database.db, now: () => nowMs });
    const card = await service.reportCard(company.companyId, { month: '2026-03', departmentId });
    const byName = new Map(card.employees.map((employee) => [employee.name, employee]));
    const office0 = byName.get('Абрамов Иван')!;
    const dayOf = (employee: ReportCardEmployee, date: string) =>
      text(employee.days.find((day) => day.date === date)!.entries);
    expect(dayOf(office0, '2026-03-02')).toBe('Я60');
    expect(dayOf(office0, '2026-03-03')).toBe('');
    expect(dayOf(office0, '2026-03-31')).toBe('');
    const nightWorker = byName.get('Ильин Иван')!;
    // 22:00 to 03:00 so far, all of it at night: two hours on the 2nd, three on the 3rd.
    expect(dayOf(nightWorker, '2026-03-02')).toBe('Н120');
    expect(dayOf(nightWorker, '2026-03-03')).toBe('Н180');
  });
});
