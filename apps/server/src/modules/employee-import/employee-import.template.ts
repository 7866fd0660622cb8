import ExcelJS from 'exceljs';
import { EMPLOYEE_IMPORT_COLUMNS, type EmployeeImportField } from '@smena/contract';
import { contentDisposition } from '../../lib/file-download.ts';

const WIDTHS: Record<EmployeeImportField, number> = {
  lastName: 18,
  firstName: 16,
  middleName: 18,
  personnelNumber: 16,
  phone: 18,
  email: 28,
  branches: 28,
  department: 22,
  position: 22,
  hireDate: 14,
};

const HINTS: Partial<Record<EmployeeImportField, string>> = {
  personnelNumber: 'По табельному номеру или email повторная загрузка обновит сотрудника',
  phone: 'Например, +7 912 345-67-89 или 89123456789',
  branches: 'Несколько филиалов — через «;»',
  hireDate: 'ГГГГ-ММ-ДД или ДД.ММ.ГГГГ',
};

/** «Шаблон импорта сотрудников.xlsx», with an ASCII name for old clients. */
export const TEMPLATE_DISPOSITION = contentDisposition(
  'Шаблон импорта сотрудников.xlsx',
  'employees-import-template.xlsx',
);

/**
 * The template: the columns the import reads (required ones bold with `*` in a note), one example
 * row to overwrite, a second sheet with the rules in Russian.
 */
export async function importTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Сотрудники', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EMPLOYEE_IMPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: WIDTHS[column.key],
    // Text cells: Excel keeps leading zeros and the «+» of phones and personnel numbers.
    style: column.key === 'hireDate' ? {} : { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  EMPLOYEE_IMPORT_COLUMNS.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: column.required ? 'FFFFE7BA' : 'FFF0F0F0' },
    };
    const hint = [column.required ? 'Обязательное поле' : '', HINTS[column.key] ?? '']
      .filter(Boolean)
      .join('. ');
    if (hint) cell.note = hint;
  });
  sheet.addRow({
    lastName: 'Иванова',
    firstName: 'Анна',
    middleName: 'Сергеевна',
    personnelNumber: '0001',
    phone: '+79123456789',
    email: 'anna.ivanova@example.ru',
    branches: 'Главный офис',
    department: 'Продажи',
    position: 'Менеджер по продажам',
    hireDate: '2026-01-15',
  });

  const rules = workbook.addWorksheet('Правила');
  rules.getColumn(1).width = 110;
  for (const line of [
    'Как заполнить',
    '1. Одна строка — один сотрудник. Заголовки первой строки не меняйте; пример во второй строке замените своими данными.',
    '2. Обязательны: Фамилия, Имя, Телефон и Email. Остальные столбцы можно оставить пустыми или удалить.',
    '3. Филиал, отдел и должность пишите так, как они названы в Смене. Недостающие можно создать при загрузке.',
    '4. Телефон — с кодом страны (+7 912 345-67-89 или 8 912 345-67-89). Дата приёма — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ; подойдёт и ячейка в формате даты.',
    '5. Повторная загрузка файла обновляет сотрудников с тем же табельным номером или email, а не создаёт новых.',
    '6. Если у человека уже есть учётная запись Смены, ему придёт приглашение в компанию.',
    '7. Можно сохранить файл как CSV (UTF-8 или Windows-1251, разделитель «;» или «,»). Не больше 5 000 строк и 5 МБ.',
  ]) {
    rules.addRow([line]);
  }
  rules.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
