import { describe, expect, it } from 'vitest';
import type { PayrollRow } from '../reports.service.ts';
import { readWorkbook, xlsxBuffer } from '../xlsx/xlsx-test-support.ts';
import { csvField, writePayrollCsv } from './payroll-csv.ts';
import { PAYROLL_COLUMNS, decimalHours, payrollHead, scopeText } from './payroll-table.ts';
import { writePayrollXlsx } from './payroll-xlsx.ts';

const WHOLE_COMPANY = {
  branchTitle: null,
  departmentTitle: null,
  employeeName: null,
  limitedToManager: false,
};

const row: PayrollRow = {
  employeeId: 1,
  name: 'Иванова Анна Сергеевна',
  personnelNumber: null,
  departmentTitle: 'Склад "Север"',
  positionTitle: null,
  worked: { days: 1, minutes: 440 },
  codes: { Я: { days: 1, minutes: 440 } },
  nightMinutes: 0,
  overtimeMinutes: 0,
  holidayMinutes: 0,
};

async function* pagesOf(rows: PayrollRow[]) {
  yield rows;
}

const input = (periodStatus?: string) => ({
  companyTitle: 'ООО «Смена»',
  from: '2026-03-01',
  to: '2026-03-31',
  scope: WHOLE_COMPANY,
  pages: pagesOf([row]),
  periodStatus,
});

describe('the payroll table', () => {
  it('rounds hours to two decimals', () => {
    expect(decimalHours(440)).toBe(7.33);
    expect(decimalHours(450)).toBe(7.5);
    expect(decimalHours(1)).toBe(0.02);
    expect(decimalHours(0)).toBe(0);
  });

  it('names the scope: the company, a branch and a department, a limited manager', () => {
    expect(scopeText(WHOLE_COMPANY)).toBe('Вся компания');
    expect(scopeText({ ...WHOLE_COMPANY, branchTitle: 'Север', departmentTitle: 'Цех' })).toBe(
      'Филиал «Север», отдел «Цех»',
    );
    expect(scopeText({ ...WHOLE_COMPANY, departmentTitle: 'Цех', limitedToManager: true })).toBe(
      'Отдел «Цех» — только сотрудники в зоне ответственности менеджера',
    );
    expect(scopeText({ ...WHOLE_COMPANY, employeeName: 'Иванова Анна Сергеевна' })).toBe(
      'Сотрудник Иванова Анна Сергеевна',
    );
  });

  it('has a «Статус периода» row only when the status is given', () => {
    expect(payrollHead(input()).map(([label]) => label)).toEqual([
      'Организация',
      'Период',
      'Сотрудники',
    ]);
    expect(payrollHead(input(), 'Утверждён').at(-1)).toEqual(['Статус периода', 'Утверждён']);
  });

  it('keeps its headers unique', () => {
    const headers = PAYROLL_COLUMNS.map((column) => column.header);
    expect(new Set(headers).size).toBe(headers.length);
  });
});

describe('csvField', () => {
  it('quotes what would break a field and doubles quotes', () => {
    expect(csvField('Цех')).toBe('Цех');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('Склад "Север"')).toBe('"Склад ""Север"""');
    expect(csvField('две\r\nстроки')).toBe('"две\r\nстроки"');
    expect(csvField(' отступ')).toBe('" отступ"');
  });

  it('keeps a text that starts like a formula a text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+7')).toBe("'+7");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM')).toBe("'@SUM");
  });
});

describe('writePayrollCsv', () => {
  it('writes the head, the status row when given, and decimal commas', async () => {
    const file = await xlsxBuffer((output) => writePayrollCsv(output, input('Утверждён')));
    const lines = file.toString('utf8').split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      '\uFEFFОрганизация;ООО «Смена»',
      'Период;2026-03-01 — 2026-03-31',
      'Сотрудники;Вся компания',
      'Статус периода;Утверждён',
      '',
      PAYROLL_COLUMNS.map((column) => column.header).join(';'),
    ]);
    expect(lines[6]!.split(';').slice(0, 11)).toEqual([
      '',
      'Иванова Анна Сергеевна',
      '"Склад ""Север"""',
      '',
      '1',
      '7,33',
      '0,00',
      '0,00',
      '0,00',
      '1',
      '7,33',
    ]);
    expect(lines.slice(7)).toEqual(['']);
  });
});

describe('writePayrollXlsx', () => {
  it('puts the status row in the head when given, the headers below an empty row', async () => {
    const file = await xlsxBuffer((output) => writePayrollXlsx(output, input('Утверждён')));
    const sheet = (await readWorkbook(file)).worksheets[0]!;
    expect(sheet.getCell('A4').value).toBe('Статус периода');
    expect(sheet.getCell('B4').value).toBe('Утверждён');
    expect(sheet.getCell('A6').value).toBe('Табельный номер');
    expect(sheet.getCell('B7').value).toBe('Иванова Анна Сергеевна');
    expect(sheet.getCell('F7').value).toBe(7.33);
  });
});
