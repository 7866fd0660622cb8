import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { employees, positions, users } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { addManager, createCompany, type TestCompany } from '../../../test/factories.ts';
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
import { PAYROLL_COLUMNS } from './payroll/payroll-table.ts';
import { readWorkbook } from './xlsx/xlsx-test-support.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MARCH = '2026-03';
const HEADERS = PAYROLL_COLUMNS.map((column) => column.header);

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let employeeToken: string;
let branchManagerToken: string;
let workshop: { id: number; title: string };
let mainBranch: { id: number; title: string };
let stranger: TestCompany;
let strangerBranch: number;
let borisov: number;

/** Sets what the test's factories leave empty: the personnel number, the position, a patronymic. */
async function describeEmployee(
  employeeId: number,
  values: { personnelNumber: string; positionId: number; middleName: string },
) {
  const [row] = await t.database.db
    .update(employees)
    .set({ personnelNumber: values.personnelNumber, positionId: values.positionId })
    .where(eq(employees.id, employeeId))
    .returning({ userId: employees.userId });
  await t.database.db
    .update(users)
    .set({ middleName: values.middleName })
    .where(eq(users.id, row!.userId));
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  const { companyId } = company;
  adminToken = company.admin.tokens.accessToken;
  employeeToken = (await reportMember(t, companyId, { lastName: 'Юрьев', hireDate: '2026-04-01' }))
    .token;
  mainBranch = await createBranch(t, adminToken);
  const otherBranch = await createBranch(t, adminToken);
  workshop = await createDepartment(t, companyId, 'Цех');
  const office = await createDepartment(t, companyId, 'Офис');
  const [fitter] = await t.database.db
    .insert(positions)
    .values({ companyId, title: 'Слесарь; 5 разряд' })
    .returning();
  const [guard] = await t.database.db
    .insert(positions)
    .values({ companyId, title: 'Охранник' })
    .returning();

  // Алексеев, 1–18 March 2026 (hired on the 1st, dismissed on the 18th), 5/2 09:00–18:00.
  const alekseev = (
    await reportMember(t, companyId, {
      lastName: 'Алексеев',
      departmentId: workshop.id,
      hireDate: '2026-03-01',
      dismissedAt: '2026-03-18',
    })
  ).employeeId;
  await describeEmployee(alekseev, {
    personnelNumber: '00042',
    positionId: fitter!.id,
    middleName: 'Петрович',
  });
  await linkBranch(t, companyId, alekseev, mainBranch.id);
  // Борисов from 30 March, nights 22:00–06:00 Monday to Friday.
  borisov = (
    await reportMember(t, companyId, {
      lastName: 'Борисов',
      departmentId: office.id,
      hireDate: '2026-03-30',
    })
  ).employeeId;
  await describeEmployee(borisov, {
    personnelNumber: '=1+2',
    positionId: guard!.id,
    middleName: 'Ильич',
  });
  await linkBranch(t, companyId, borisov, otherBranch.id);
  await assignSchedule(t, adminToken, [alekseev], OFFICE_WEEK);
  await assignSchedule(t, adminToken, [borisov], NIGHT_WEEK);

  const a = { companyId, employeeId: alekseev, branchId: mainBranch.id };
  await addCheck(t, a, '2026-03-02', '09:00', '18:00');
  await addCheck(t, a, '2026-03-03', '10:00', '18:00'); // an hour late
  await addCheck(t, a, '2026-03-04', '09:00', '20:00'); // two hours' overtime
  // The 5th: no check — НН.
  await addCheck(t, a, '2026-03-06', '09:00', '18:00');
  await addCheck(t, a, '2026-03-08', '10:00', '14:00'); // 8 March, a holiday: РВ
  await addDayOff(t, companyId, alekseev, 'VACATION', '2026-03-10', '2026-03-13');
  await addDayOff(t, companyId, alekseev, 'SICKLEAVE', '2026-03-16', '2026-03-18');
  const b = { companyId, employeeId: borisov, branchId: otherBranch.id };
  await addCheck(t, b, '2026-03-30', '22:00', '+06:00');
  // Its part after midnight falls on 1 April: not March's.
  await addCheck(t, b, '2026-03-31', '22:00', '+06:00');

  branchManagerToken = (
    await addManager(
      t.app,
      t.database.db,
      { companyId, adminToken },
      { kind: 'UNITS', branchIds: [mainBranch.id] },
    )
  ).token;

  // The admin and the manager join in April: March holds only the two above.
  await t.database.db
    .update(employees)
    .set({ hireDate: '2026-04-01' })
    .where(and(eq(employees.companyId, companyId), inArray(employees.role, ['ADMIN', 'MANAGER'])));

  stranger = await createCompany(t.app);
  strangerBranch = (await createBranch(t, stranger.admin.tokens.accessToken)).id;
});
afterAll(async () => {
  await t.close();
});

function get(url: string, token: string | null = adminToken) {
  return call(t.app, { method: 'GET', url, token: token ?? undefined });
}

/** The CSV's records: the head, an empty line, the headers, the employees. */
async function downloadCsv(query: string, token = adminToken) {
  const response = await get(`/api/v1/reports/payroll?${query}&format=csv`, token);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const records = parse(response.rawPayload, {
    bom: true,
    delimiter: ';',
    relax_column_count: true,
  }) as string[][];
  const headerAt = records.findIndex((record) => record[0] === 'Табельный номер');
  const rows = records.slice(headerAt + 1).map((record) => {
    expect(record).toHaveLength(HEADERS.length);
    return Object.fromEntries(HEADERS.map((header, index) => [header, record[index]]));
  });
  return { response, head: records.slice(0, headerAt), header: records[headerAt], rows };
}

/** Only the non-zero figures of a row, and the employee's columns. */
function figures(row: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(row).filter(([, value]) => value !== '0' && value !== '0,00'),
  );
}

describe('GET /reports/payroll', () => {
  it('streams CSV for 1С: BOM, «;», CRLF, the head, stable headers, a Russian file name', async () => {
    const { response, head, header } = await downloadCsv(`month=${MARCH}`);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="payroll-${MARCH}.csv"; filename*=UTF-8''` +
        encodeURIComponent(`Для зарплаты ${MARCH}.csv`),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    // Every line ends with CRLF, none with a bare LF.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '').includes('\n')).toBe(false);
    const companyTitle = head[0]![1];
    expect(lines.slice(0, 5)).toEqual([
      `Организация;${companyTitle}`,
      'Период;2026-03-01 — 2026-03-31',
      'Сотрудники;Вся компания',
      // The month's approval (decision 022): nobody submitted March here.
      'Статус периода;Не утверждён',
      '',
    ]);
    expect(lines[5]).toBe(HEADERS.join(';'));
    expect(header!.slice(0, 11)).toEqual([
      'Табельный номер',
      'ФИО',
      'Отдел',
      'Должность',
      'Отработано, дней',
      'Отработано, часов',
      'Ночные, часов',
      'В нерабочие праздники, часов',
      'Сверхурочные, часов',
      'Я, дней',
      'Я, часов',
    ]);
    // Every code of the form, in its order, with days and hours.
    expect(header).toHaveLength(9 + 36 * 2);
    expect(header!.at(-2)).toBe('НЗ, дней');
  });

  it('holds each employee’s month as the timesheet computes it (known answer)', async () => {
    const { rows } = await downloadCsv(`month=${MARCH}`);
    // Hired in April: Юрьев is not in March.
    expect(rows.map((row) => row['ФИО'])).toEqual(['Алексеев Иван Петрович', 'Борисов Иван Ильич']);
    expect(figures(rows[0]!)).toEqual({
      'Табельный номер': '00042',
      ФИО: 'Алексеев Иван Петрович',
      Отдел: 'Цех',
      Должность: 'Слесарь; 5 разряд',
      // 2, 3, 4, 6 and 8 March: 8 + 7 (late) + 10 + 8 + 4 hours.
      'Отработано, дней': '5',
      'Отработано, часов': '37,00',
      'В нерабочие праздники, часов': '4,00',
      'Сверхурочные, часов': '2,00',
      'Я, дней': '4',
      'Я, часов': '31,00',
      'РВ, дней': '1',
      'РВ, часов': '4,00',
      'С, дней': '1',
      'С, часов': '2,00',
      'ОТ, дней': '4',
      'Б, дней': '3',
      // 1, 7, 9 (the holiday's day off moved to Monday), 14 and 15 March.
      'В, дней': '5',
      'НН, дней': '1',
    });
    expect(figures(rows[1]!)).toEqual({
      // A text that starts like a formula stays text.
      'Табельный номер': "'=1+2",
      ФИО: 'Борисов Иван Ильич',
      Отдел: 'Офис',
      Должность: 'Охранник',
      // 30 March 22–24 h; 31 March 00–06 h and 22–24 h; 1 April's 6 hours are April's.
      'Отработано, дней': '2',
      'Отработано, часов': '10,00',
      'Ночные, часов': '10,00',
      'Н, дней': '2',
      'Н, часов': '10,00',
    });
  });

  it('quotes a field holding the separator', async () => {
    const { response } = await downloadCsv(`month=${MARCH}`);
    expect(response.rawPayload.toString('utf8')).toContain(';"Слесарь; 5 разряд";');
  });

  it('writes the same figures to xlsx, hours as numbers with two decimals', async () => {
    const response = await get(`/api/v1/reports/payroll?month=${MARCH}&format=xlsx`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toContain(`filename="payroll-${MARCH}.xlsx"`);
    const sheet = (await readWorkbook(response.rawPayload)).worksheets[0]!;
    expect(sheet.name).toBe('Для зарплаты');
    expect(sheet.getCell('A1').value).toBe('Организация');
    expect(sheet.getCell('A2').value).toBe('Период');
    expect(sheet.getCell('B2').value).toBe('2026-03-01 — 2026-03-31');
    expect(sheet.getCell('B3').value).toBe('Вся компания');
    expect(sheet.getCell('A4').value).toBe('Статус периода');
    expect(sheet.getCell('B4').value).toBe('Не утверждён');
    const header = (sheet.getRow(6).values as unknown[]).slice(1);
    expect(header).toEqual(HEADERS);
    const cell = (row: number, header: string) =>
      sheet.getRow(row).getCell(HEADERS.indexOf(header) + 1);
    expect(cell(7, 'Табельный номер').value).toBe('00042');
    expect(cell(7, 'ФИО').value).toBe('Алексеев Иван Петрович');
    expect(cell(7, 'Отработано, дней').value).toBe(5);
    expect(cell(7, 'Отработано, часов').value).toBe(37);
    expect(cell(7, 'Отработано, часов').numFmt).toBe('0.00');
    expect(cell(7, 'Я, часов').value).toBe(31);
    expect(cell(7, 'С, часов').value).toBe(2);
    expect(cell(7, 'В нерабочие праздники, часов').value).toBe(4);
    expect(cell(7, 'ОТ, дней').value).toBe(4);
    expect(cell(7, 'Б, дней').value).toBe(3);
    expect(cell(8, 'Табельный номер').value).toBe('=1+2');
    expect(cell(8, 'Ночные, часов').value).toBe(10);
    expect(cell(8, 'Н, дней').value).toBe(2);
    expect(sheet.getRow(9).getCell(1).value ?? null).toBeNull();
  });

  it('answers xlsx when no format is asked for', async () => {
    const response = await get(`/api/v1/reports/payroll?month=${MARCH}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
  });

  it('filters by department and by branch, and says so in the head', async () => {
    const department = await downloadCsv(`month=${MARCH}&departmentId=${workshop.id}`);
    expect(department.head[2]).toEqual(['Сотрудники', 'Отдел «Цех»']);
    expect(department.rows.map((row) => row['ФИО'])).toEqual(['Алексеев Иван Петрович']);
    const branch = await downloadCsv(`month=${MARCH}&branchId=${mainBranch.id}`);
    expect(branch.head[2]).toEqual(['Сотрудники', `Филиал «${mainBranch.title}»`]);
    expect(branch.rows.map((row) => row['ФИО'])).toEqual(['Алексеев Иван Петрович']);
    const one = await downloadCsv(`month=${MARCH}&employeeId=${borisov}`);
    expect(one.head[2]).toEqual(['Сотрудники', 'Сотрудник Борисов Иван Ильич']);
    expect(one.rows.map((row) => row['ФИО'])).toEqual(['Борисов Иван Ильич']);
  });

  it('gives a manager limited to a branch only their people', async () => {
    const { head, rows } = await downloadCsv(`month=${MARCH}`, branchManagerToken);
    expect(head[2]).toEqual([
      'Сотрудники',
      'Вся компания — только сотрудники в зоне ответственности менеджера',
    ]);
    expect(rows.map((row) => row['ФИО'])).toEqual(['Алексеев Иван Петрович']);
  });

  it('refuses an employee, a caller without a token and another company’s filters', async () => {
    expect((await get(`/api/v1/reports/payroll?month=${MARCH}`, employeeToken)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/v1/reports/payroll?month=${MARCH}`, null)).statusCode).toBe(401);
    const foreign = await get(`/api/v1/reports/payroll?month=${MARCH}&branchId=${strangerBranch}`);
    expect(foreign.statusCode).toBe(404);
    // Outside a limited manager's scope, an employee is not found.
    const outside = await get(
      `/api/v1/reports/payroll?month=${MARCH}&employeeId=${borisov}`,
      branchManagerToken,
    );
    expect(outside.statusCode).toBe(404);
    // Another company's admin asking with this company's branch: not found either.
    const outsider = await get(
      `/api/v1/reports/payroll?month=${MARCH}&branchId=${mainBranch.id}&format=csv`,
      stranger.admin.tokens.accessToken,
    );
    expect(outsider.statusCode).toBe(404);
    expect(outsider.headers['content-type']).toContain('application/json');
  });

  it('follows a manager’s codes, holiday hours included', async () => {
    // Власов has no schedule and no checks: his month is only what the manager sets.
    const vlasov = (
      await reportMember(t, company.companyId, { lastName: 'Власов', hireDate: '2026-03-01' })
    ).employeeId;
    const setDay = (date: string, entries: { code: string; minutes: number | null }[]) =>
      call(t.app, {
        method: 'PUT',
        url: '/api/v1/reports/report-card/days',
        token: adminToken,
        payload: { employeeId: vlasov, date, entries, reason: 'По служебной записке' },
      });
    // 8 March, a holiday: 6 hours of РВ with 2 of them at night; 10 March a business trip.
    expect(
      (
        await setDay('2026-03-08', [
          { code: 'РВ', minutes: 360 },
          { code: 'Н', minutes: 120 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await setDay('2026-03-10', [{ code: 'К', minutes: 480 }])).statusCode).toBe(200);
    const { rows } = await downloadCsv(`month=${MARCH}&employeeId=${vlasov}`);
    expect(figures(rows[0]!)).toEqual({
      // No personnel number, department or position: empty fields.
      'Табельный номер': '',
      ФИО: 'Власов Иван',
      Отдел: '',
      Должность: '',
      'Отработано, дней': '2',
      'Отработано, часов': '14,00',
      'Ночные, часов': '2,00',
      'В нерабочие праздники, часов': '6,00',
      'Н, дней': '1',
      'Н, часов': '2,00',
      'РВ, дней': '1',
      'РВ, часов': '6,00',
      'К, дней': '1',
      'К, часов': '8,00',
    });
  });

  it('answers 422 naming the field for a bad month or format', async () => {
    const month = await get('/api/v1/reports/payroll?month=2026-13');
    expect(month.statusCode).toBe(422);
    expect(month.data.details).toEqual([{ field: 'month', message: 'Месяц в формате гггг-ММ' }]);
    const missing = await get('/api/v1/reports/payroll?format=csv');
    expect(missing.statusCode).toBe(422);
    expect(missing.data.details[0].field).toBe('month');
    const format = await get(`/api/v1/reports/payroll?month=${MARCH}&format=pdf`);
    expect(format.statusCode).toBe(422);
    expect(format.data.details).toEqual([
      { field: 'format', message: 'Выберите формат: xlsx или csv' },
    ]);
  });
});
