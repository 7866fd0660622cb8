import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './api-client.ts';
import { fetchFile, fileNameOf, fileUrl } from './download-file.ts';
import { setTokens } from './token-storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

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
        positionId: null,
        role: '',
        departmentId: 3,
      }),
    ).toBe('/api/v1/reports/report-card.xlsx?month=2026-05&departmentId=3');
  });

  it('refresh the tokens once on 401 and fetch the file again with the new one', async () => {
    setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' });
    const refresh = vi.spyOn(apiClient, 'refreshTokens').mockResolvedValue('new-access');
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      return Promise.resolve(
        auth === 'Bearer new-access'
          ? new Response('xlsx', {
              status: 200,
              headers: { 'Content-Disposition': 'attachment; filename="report.xlsx"' },
            })
          : new Response(JSON.stringify({ statusCode: 401, code: 'TOKEN_EXPIRED' }), {
              status: 401,
            }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);

    const { blob, fileName } = await fetchFile('/api/v1/reports/attendance.xlsx');
    expect(await blob.text()).toBe('xlsx');
    expect(fileName).toBe('report.xlsx');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
