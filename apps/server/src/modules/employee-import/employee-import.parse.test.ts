import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  decodeText,
  detectDelimiter,
  mapColumns,
  normalizeDate,
  parseSheet,
  readSheet,
  splitBranches,
  withCountryCode,
} from './employee-import.parse.ts';
import { importTemplate } from './employee-import.template.ts';

const HEADER =
  'Фамилия;Имя;Отчество;Табельный номер;Телефон;Email;Филиалы;Отдел;Должность;Дата приёма';

function windows1251(text: string): Uint8Array {
  // Cyrillic letters and ASCII are all these files hold.
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes[index] = code;
    else if (code >= 0x410 && code <= 0x44f) bytes[index] = code - 0x410 + 0xc0;
    else if (code === 0x401) bytes[index] = 0xa8;
    else if (code === 0x451) bytes[index] = 0xb8;
    else throw new Error(`not in the test table: ${text[index]}`);
  }
  return bytes;
}

async function parseText(text: string) {
  return parseSheet(await readSheet(new TextEncoder().encode(text)));
}

describe('reading the file', () => {
  it('reads UTF-8 with and without BOM and Windows-1251 alike', () => {
    const text = 'Фамилия;Имя\nЁлкина;Анна';
    expect(decodeText(new TextEncoder().encode(text))).toBe(text);
    expect(decodeText(new TextEncoder().encode(`\uFEFF${text}`))).toBe(text);
    expect(decodeText(windows1251(text))).toBe(text);
  });

  it('tells the separator by the header line, quotes aside', () => {
    expect(detectDelimiter('Фамилия;Имя;Телефон\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('Фамилия,Имя,Телефон')).toBe(',');
    expect(detectDelimiter('"Фамилия; Имя",Телефон,Email')).toBe(',');
  });

  it('parses a CSV with both separators to the same rows', async () => {
    const semicolon = await parseText(
      `${HEADER}\nИванова;Анна;;17;8 (912) 345-67-89;Anna@Example.ru;Офис;Продажи;Кассир;15.01.2024\n`,
    );
    const comma = await parseText(
      `${HEADER.replaceAll(';', ',')}\nИванова,Анна,,17,8 (912) 345-67-89,Anna@Example.ru,Офис,Продажи,Кассир,15.01.2024\n`,
    );
    for (const parsed of [semicolon, comma]) {
      expect(parsed.rows).toHaveLength(1);
      expect(parsed.rows[0]).toMatchObject({
        line: 2,
        lastName: 'Иванова',
        phone: '+79123456789',
        email: 'anna@example.ru',
        personnelNumber: '17',
        branches: ['Офис'],
        department: 'Продажи',
        hireDate: '2024-01-15',
        errors: [],
      });
    }
  });

  it('reports every bad field of a row in Russian and keeps what was typed', async () => {
    const parsed = await parseText(
      `${HEADER}\n;Анна;;;12;не-почта;;;;31.02.2024\nПетров;Пётр;;;+79120000001;p@example.ru;;;;2024/01/01\n`,
    );
    const [first, second] = parsed.rows;
    expect(first!.errors).toEqual([
      { field: 'lastName', message: 'Введите фамилию' },
      { field: 'phone', message: 'Некорректный номер телефона' },
      { field: 'email', message: 'Некорректный email' },
      { field: 'hireDate', message: 'Несуществующая дата' },
    ]);
    expect(first!.shown.email).toBe('не-почта');
    expect(second!.errors).toEqual([
      { field: 'hireDate', message: 'Дата в формате ГГГГ-ММ-ДД или ДД.ММ.ГГГГ' },
    ]);
    expect(second!.shown.hireDate).toBe('2024/01/01');
  });

  it('marks duplicates inside the file on every row that shares the value', async () => {
    const parsed = await parseText(
      `${HEADER}\nА;Б;;1;+79120000001;a@example.ru\nВ;Г;;1;+79120000002;A@example.ru\nД;Е;;;+79120000001;d@example.ru\n`,
    );
    expect(parsed.rows[0]!.errors.map((error) => error.message)).toEqual([
      'Этот email повторяется в строке 3',
      'Этот телефон повторяется в строке 4',
      'Этот табельный номер повторяется в строке 3',
    ]);
    expect(parsed.rows[2]!.errors).toEqual([
      { field: 'phone', message: 'Этот телефон повторяется в строке 2' },
    ]);
  });

  it('refuses a file without the required columns, empty, or an old .xls', async () => {
    await expect(parseText('Фамилия;Имя\nА;Б')).rejects.toThrow(
      'В файле нет столбцов «Телефон», «Email»',
    );
    await expect(readSheet(new Uint8Array())).rejects.toThrow('Файл пустой');
    await expect(parseText(`${HEADER}\n;;;\n`)).rejects.toThrow('нет ни одного сотрудника');
    await expect(readSheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]))).rejects.toThrow(
      '.xls не поддерживаются',
    );
  });

  it('refuses text with control characters in a cell (decision 011)', async () => {
    const parsed = await parseText(`${HEADER}\nА\u0001;Б;;;+79120000001;a@example.ru\n`);
    expect(parsed.rows[0]!.errors[0]).toEqual({
      field: 'lastName',
      message: 'Недопустимый символ',
    });
  });
});

describe('values', () => {
  it('adds +7 to a ten-digit number in a Russian or Kazakh company, and asks elsewhere', async () => {
    expect(withCountryCode('912 345-67-89', { phoneCode: '+7' })).toBe('+79123456789');
    expect(withCountryCode('912 345-67-89', { phoneCode: '+375' })).toBeNull();
    expect(withCountryCode('+375 29 123-45-67', { phoneCode: '+7' })).toBe('+375 29 123-45-67');
    expect(withCountryCode('89123456789', { phoneCode: '+7' })).toBe('89123456789');
    const sheet = await readSheet(
      new TextEncoder().encode(`${HEADER}\nА;Б;;;9123456789;a@example.ru\n`),
    );
    expect(parseSheet(sheet, { phoneCode: '+7' }).rows[0]).toMatchObject({
      phone: '+79123456789',
      errors: [],
    });
    expect(parseSheet(sheet, { phoneCode: '+998' }).rows[0]!.errors).toEqual([
      { field: 'phone', message: 'Укажите номер с кодом страны, например +375 29 123-45-67' },
    ]);
  });

  it('converts dd.MM.yyyy and leaves anything else for the error', () => {
    expect(normalizeDate('5.3.2024')).toBe('2024-03-05');
    expect(normalizeDate('2024-03-05')).toBe('2024-03-05');
    expect(normalizeDate('вчера')).toBe('вчера');
  });

  it('reads Excel cells: dates, serial dates in the date column, numbers, links, rich text', () => {
    expect(cellText(new Date(Date.UTC(2024, 0, 15)), true)).toBe('2024-01-15');
    expect(cellText(45306, true)).toBe('2024-01-15');
    expect(cellText(79123456789, false)).toBe('79123456789');
    expect(cellText({ text: 'a@example.ru', hyperlink: 'mailto:a@example.ru' }, false)).toBe(
      'a@example.ru',
    );
    expect(cellText({ richText: [{ text: 'Ива' }, { text: 'нова' }] }, false)).toBe('Иванова');
    expect(cellText({ formula: 'A1', result: 'x' }, false)).toBe('x');
  });

  it('splits branches by «;» and line breaks', () => {
    expect(splitBranches('Офис;  Склад\nОфис')).toEqual(['Офис', 'Склад']);
  });

  it('finds columns by header whatever the case, «ё» or a required mark', () => {
    const map = mapColumns(['ФАМИЛИЯ*', 'имя', 'Телефон', 'E-mail', 'Дата приема', 'Комментарий']);
    expect(map.indexOf).toMatchObject({
      lastName: 0,
      firstName: 1,
      phone: 2,
      email: 3,
      hireDate: 4,
    });
    expect(map.ignored).toEqual(['Комментарий']);
    expect(map.missingRequired).toEqual([]);
  });
});

describe('xlsx', () => {
  it('reads the template back: its example row is a valid employee', async () => {
    const parsed = parseSheet(await readSheet(await importTemplate()));
    expect(parsed.columns.ignored).toEqual([]);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({ lastName: 'Иванова', errors: [] });
  });

  it('reads typed cells: a date cell, a number phone, an email link', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Лист1');
    sheet.addRow(['Фамилия', 'Имя', 'Телефон', 'Email', 'Дата приёма', 'Табельный номер']);
    sheet.addRow([
      'Сидоров',
      'Олег',
      79120000077,
      { text: 'oleg@example.ru', hyperlink: 'mailto:oleg@example.ru' },
      new Date(Date.UTC(2023, 11, 31)),
      105,
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const parsed = parseSheet(await readSheet(bytes));
    expect(parsed.rows[0]).toMatchObject({
      phone: '+79120000077',
      email: 'oleg@example.ru',
      hireDate: '2023-12-31',
      personnelNumber: '105',
      errors: [],
    });
  });
});
