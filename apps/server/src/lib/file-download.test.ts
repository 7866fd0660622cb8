import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contentDisposition, drained } from './file-download.ts';

describe('file downloads', () => {
  it('name the file in ASCII and in RFC 5987 UTF-8', () => {
    expect(contentDisposition('Сотрудники 2026-03-01.xlsx', 'employees-2026-03-01.xlsx')).toBe(
      `attachment; filename="employees-2026-03-01.xlsx"; filename*=UTF-8''${encodeURIComponent('Сотрудники 2026-03-01.xlsx')}`,
    );
    expect(contentDisposition("Табель (T-13) '05'*.xlsx", 't13.xlsx')).toContain(
      "filename*=UTF-8''%D0%A2%D0%B0%D0%B1%D0%B5%D0%BB%D1%8C%20%28T-13%29%20%2705%27%2A.xlsx",
    );
  });

  it('wait for the reader, and answer false once it has gone', async () => {
    const stream = new PassThrough({ highWaterMark: 4 });
    expect(await drained(stream)).toBe(true);
    stream.write('more than four bytes');
    const waiting = drained(stream);
    stream.resume();
    expect(await waiting).toBe(true);
    stream.destroy();
    expect(await drained(stream)).toBe(false);
  });
});
