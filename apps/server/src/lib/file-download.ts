import { once } from 'node:events';
import type { Writable } from 'node:stream';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

/**
 * Waits until the reader has taken what was written (back-pressure of a streamed download); false
 * when the reader went away.
 */
export async function drained(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.writableNeedDrain) return true;
  await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  return !stream.destroyed;
}
