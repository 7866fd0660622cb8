import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { formatHoursMinutes, parseHoursMinutes } from '@smena/contract';
import { HOURS_FORMAT } from './xlsx-common.ts';

/* Helpers for the tests of the xlsx writers and routes. */

/** Runs a writer into memory and returns the finished file. */
export async function xlsxBuffer(write: (output: Writable) => Promise<void>): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await Promise.all([write(output), once(output, 'end')]);
  return Buffer.concat(chunks);
}

export async function readWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS's types predate Node's generic Buffer.
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook;
}

/** The plain value of a cell: text, number or null. */
export function valueAt(sheet: ExcelJS.Worksheet, address: string): unknown {
  const value = sheet.getCell(address).value;
  return value === undefined ? null : value;
}

/** Days from Excel's day 0 (1899-12-30) to 1970-01-01: ExcelJS reads time cells as Dates. */
const UNIX_EPOCH_IN_EXCEL_DAYS = 25569;

/**
 * What an hours cell shows: a time cell in `HOURS_FORMAT` as «Ч:ММ», a text as it is, an empty
 * cell as null. Throws on a plain number, which would show decimal hours. Like a spreadsheet, the
 * time is taken to the nearest second and shown without the seconds (ExcelJS reads a time cell
 * back as a Date counted from Excel's day 0).
 */
export function shownHours(sheet: ExcelJS.Worksheet, address: string): string | null {
  const cell = sheet.getCell(address);
  const value = cell.value ?? null;
  if (value === null || typeof value === 'string') return value;
  if (cell.numFmt !== HOURS_FORMAT)
    throw new Error(`${address} holds ${String(value)} in the format «${cell.numFmt}»`);
  const days =
    value instanceof Date ? value.getTime() / 86_400_000 + UNIX_EPOCH_IN_EXCEL_DAYS : Number(value);
  return formatHoursMinutes(Math.floor(Math.round(days * 86_400) / 60));
}

/** Minutes of what an hours cell shows, «6:00/2:00» summed; 0 for an empty one. */
export function shownMinutes(sheet: ExcelJS.Worksheet, address: string): number {
  const shown = shownHours(sheet, address);
  if (shown === null) return 0;
  return shown.split('/').reduce((sum, part) => {
    const minutes = parseHoursMinutes(part);
    if (minutes === null) throw new Error(`${address} shows «${shown}», not hours`);
    return sum + minutes;
  }, 0);
}

/** Every text of the given rows, once per merged area, for «the head says …» checks. */
export function textsOf(sheet: ExcelJS.Worksheet, fromRow: number, toRow: number): string[] {
  const texts: string[] = [];
  for (let row = fromRow; row <= toRow; row++)
    sheet.getRow(row).eachCell((cell) => {
      if (cell.isMerged && cell.master.address !== cell.address) return;
      if (typeof cell.value === 'string' || typeof cell.value === 'number')
        texts.push(String(cell.value));
    });
  return texts;
}

/**
 * One file of the zip as text (ExcelJS does not read everything back, e.g. page breaks).
 * Reads the central directory, which is where a streamed zip keeps the sizes.
 */
export function zipEntryText(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName.replace(/^\//, '') === name) {
      const dataStart =
        localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataStart, dataStart + size);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${name} is not in the zip`);
}

/** Rows after which the sheet has a manual page break (1-based row numbers). */
export function rowBreaksOf(zip: Buffer, sheetFile = 'xl/worksheets/sheet1.xml'): number[] {
  const xml = zipEntryText(zip, sheetFile);
  return [...xml.matchAll(/<brk id="(\d+)"/g)].map((match) => Number(match[1]));
}
