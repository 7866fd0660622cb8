import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { timesheetCodeTable } from '@smena/contract';
import type { PayrollRow } from '../reports.service.ts';
import { RUSSIAN_CSV_IN_FILTER, convertWithSoffice, findSoffice } from '../xlsx/soffice.ts';
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

/** A synthetic employee with every code of the form used. */
function variedRow(n: number): PayrollRow {
  const codes = Object.fromEntries(
    timesheetCodeTable.map((entry, index) => [
      entry.code,
      { days: (n + index) % 5, minutes: ((n * 7 + index) % 40) * 30 },
    ]),
  );
  return {
    employeeId: n,
    name: `Сотрудникова${n} Анна Сергеевна`,
    personnelNumber: String(n).padStart(6, '0'),
    departmentTitle: `Отдел ${n % 20}`,
    positionTitle: `Должность ${n % 50}`,
    worked: { days: 20, minutes: 9_600 + n },
    codes,
    nightMinutes: n % 600,
    overtimeMinutes: n % 240,
    holidayMinutes: n % 480,
  };
}

async function* manyPages(total: number, pageSize: number) {
  for (let start = 1; start <= total; start += pageSize)
    yield Array.from({ length: Math.min(pageSize, total - start + 1) }, (_, i) =>
      variedRow(start + i),
    );
}

describe('streaming 10,000 employees', () => {
  for (const [format, write] of [
    ['xlsx', writePayrollXlsx],
    ['csv', writePayrollCsv],
  ] as const)
    it(`keeps memory flat (${format})`, async () => {
      let bytes = 0;
      const output = new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      });
      const finished = new Promise((resolve) => output.on('finish', resolve));
      const before = process.memoryUsage().rss;
      let peak = before;
      async function* watched(pages: AsyncIterable<PayrollRow[]>) {
        for await (const page of pages) {
          peak = Math.max(peak, process.memoryUsage().rss);
          yield page;
        }
      }
      await write(output, { ...input(), pages: watched(manyPages(10_000, 500)) });
      await finished;
      peak = Math.max(peak, process.memoryUsage().rss);
      const grownMb = (peak - before) / 1024 / 1024;
      expect(bytes).toBeGreaterThan(1_000_000);
      // Keeping 10,000 rows of 81 cells would take far more; streaming grows by garbage only
      // (≈ 80 MB for the xlsx, 20 MB for the CSV on Node 24).
      expect(grownMb).toBeLessThan(200);
    }, 120_000);
});

const soffice = findSoffice();

describe.skipIf(!soffice)('the payroll files in LibreOffice', () => {
  it('reads the CSV as a Russian spreadsheet: letters, quoted fields, hours as numbers', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'smena-payroll-'));
    try {
      const csvPath = join(dir, 'payroll.csv');
      await writeFile(csvPath, await xlsxBuffer((output) => writePayrollCsv(output, input())));
      const converted = await convertWithSoffice(
        csvPath,
        'xlsx',
        join(dir, 'out'),
        join(dir, 'profile'),
        60_000,
        RUSSIAN_CSV_IN_FILTER,
      );
      const sheet = (await readWorkbook(await readFile(converted))).worksheets[0]!;
      expect(sheet.getCell('B1').value).toBe('ООО «Смена»');
      expect(sheet.getCell('A5').value).toBe('Табельный номер');
      expect(sheet.getCell('B6').value).toBe('Иванова Анна Сергеевна');
      expect(sheet.getCell('C6').value).toBe('Склад "Север"');
      // «7,33» with a decimal comma became the number 7.33, not a text.
      expect(sheet.getCell('F6').value).toBe(7.33);
      expect(sheet.getCell('E6').value).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('opens the xlsx', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'smena-payroll-'));
    try {
      const xlsxPath = join(dir, 'payroll.xlsx');
      await writeFile(xlsxPath, await xlsxBuffer((output) => writePayrollXlsx(output, input())));
      const csv = await readFile(
        await convertWithSoffice(xlsxPath, 'csv', join(dir, 'out'), join(dir, 'profile')),
        'utf8',
      );
      expect(csv).toContain('Иванова Анна Сергеевна');
      expect(csv).toContain('Табельный номер,ФИО,Отдел,Должность');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
