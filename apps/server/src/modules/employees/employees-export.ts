import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { roleLabels, type Employee } from '@smena/contract';
import { contentDisposition, drained } from '../../lib/file-download.ts';
import { employeeStatusLabels, fullNameOf } from './employees.mappers.ts';

const DATE_FORMAT = 'yyyy-mm-dd';

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'ФИО', key: 'fullName', width: 36 },
  { header: 'Табельный номер', key: 'personnelNumber', width: 18 },
  { header: 'Роль', key: 'role', width: 14 },
  { header: 'Отдел', key: 'department', width: 24 },
  { header: 'Должность', key: 'position', width: 24 },
  { header: 'Филиалы', key: 'branches', width: 32 },
  { header: 'Email', key: 'email', width: 30 },
  { header: 'Телефон', key: 'phone', width: 18 },
  { header: 'Дата приёма', key: 'hireDate', width: 14, style: { numFmt: DATE_FORMAT } },
  { header: 'Статус', key: 'status', width: 16 },
];

/** `yyyy-MM-dd` from the wire as a real spreadsheet date (midnight UTC is that day in Excel). */
function dateCell(value: string | null): Date | null {
  return value ? new Date(`${value}T00:00:00Z`) : null;
}

function rowOf(employee: Employee) {
  return {
    fullName: fullNameOf(employee),
    personnelNumber: employee.personnelNumber,
    role: roleLabels[employee.role],
    department: employee.departmentTitle,
    position: employee.positionTitle,
    branches: employee.branches.map((branch) => branch.title).join(', '),
    email: employee.email,
    phone: employee.phone,
    hireDate: dateCell(employee.hireDate),
    status: employeeStatusLabels[employee.status],
  };
}

/** «Сотрудники 2026-03-01.xlsx», with `employees-2026-03-01.xlsx` for old clients. */
export function exportContentDisposition(today: string): string {
  return contentDisposition(`Сотрудники ${today}.xlsx`, `employees-${today}.xlsx`);
}

/**
 * Streams an .xlsx of employees as the batches arrive: ExcelJS's streaming writer commits each
 * row at once and zips it into the returned stream, so only one batch is in memory at a time.
 * A failure half-way destroys the stream, which aborts the download.
 */
export function employeesWorkbook(batches: AsyncIterable<Employee[]>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });

  async function write() {
    const sheet = workbook.addWorksheet('Сотрудники', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = COLUMNS;
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    for await (const batch of batches) {
      for (const employee of batch) sheet.addRow(rowOf(employee)).commit();
      if (!(await drained(output))) return;
    }
    sheet.commit();
    await workbook.commit();
  }

  write().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
