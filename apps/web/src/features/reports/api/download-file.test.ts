import { describe, expect, it } from 'vitest';
import { fileNameOf, fileUrl } from './download-file.ts';

describe('file downloads', () => {
  it('read the server’s file name, the UTF-8 one first', () => {
    expect(
      fileNameOf(
        `attachment; filename="T-13 2026-05.xlsx"; filename*=UTF-8''${encodeURIComponent('Табель Т-13 2026-05.xlsx')}`,
      ),
    ).toBe('Табель Т-13 2026-05.xlsx');
    expect(fileNameOf('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });

  it('send the page’s filters without the empty ones', () => {
    expect(
      fileUrl('/reports/report-card.xlsx', {
        month: '2026-05',
        branchId: undefined,
        departmentId: 3,
      }),
    ).toBe('/api/v1/reports/report-card.xlsx?month=2026-05&departmentId=3');
  });
});
