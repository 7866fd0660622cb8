import { once } from 'node:events';
import type { Writable } from 'node:stream';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Waits until the reader has taken what was written; false when the reader went away. */
export async function drained(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.writableNeedDrain) return true;
  await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  return !stream.destroyed;
}

/** Minutes as hours rounded to one decimal: the form shows 7,5 rather than 7,4833. */
export function hoursOf(minutes: number): number {
  return Math.round(minutes / 6) / 10;
}

/** Hours inside a text cell («6/2», «7,5/0,5»): the number format cannot reach them. */
export function hoursText(minutes: number): string {
  return String(hoursOf(minutes)).replace('.', ',');
}

/** `yyyy-MM-dd` as `dd.MM.yyyy`, the way Russian documents write dates. */
export function russianDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * `attachment` with an ASCII fallback and the Russian name in RFC 5987 form, so that every
 * browser saves «Табель 2026-03.xlsx» and old clients still get a usable name.
 */
export function contentDisposition(russianName: string, asciiName: string): string {
  const encoded = encodeURIComponent(russianName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encoded}`;
}
