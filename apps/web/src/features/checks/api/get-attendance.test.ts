import type { DateAttendance, EmployeesAttendance } from '@smena/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { fetchAttendance } from './get-attendance.ts';

const fetchMock = vi.fn<typeof fetch>();

const day = (date: string) => ({ date, checkIds: [] }) as unknown as DateAttendance;

beforeEach(() => {
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    const from = url.searchParams.get('from')!;
    const to = url.searchParams.get('to')!;
    const ids = (url.searchParams.get('employeeIds') ?? '5').split(',').map(Number);
    const body: EmployeesAttendance = {
      from,
      to,
      employees: ids.map((employeeId) => ({
        employeeId,
        timezone: 'Europe/Moscow',
        days: [day(from), day(to)],
      })),
    };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  clearAllTokens();
  vi.unstubAllGlobals();
});

const asked = () =>
  fetchMock.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${url.pathname} ${url.searchParams.get('from')}…${url.searchParams.get('to')}`;
  });

describe('attendance requests', () => {
  it('asks the managers’ route once for all the employees of a range', async () => {
    const employees = await fetchAttendance({
      owner: [3, 9],
      from: '2026-05-03',
      to: '2026-05-10',
      dates: 'marked',
    });
    expect(asked()).toEqual(['/api/v1/attendance 2026-05-03…2026-05-10']);
    expect(employees.map((employee) => employee.employeeId)).toEqual([3, 9]);
  });

  it('splits a range longer than the API answers and joins the dates in order', async () => {
    const [own] = await fetchAttendance({
      owner: 'me',
      from: '2026-01-01',
      to: '2026-06-30',
      dates: 'all',
    });
    expect(asked()).toEqual([
      '/api/v1/profile/attendance 2026-01-01…2026-04-03',
      '/api/v1/profile/attendance 2026-04-04…2026-06-30',
    ]);
    expect(own!.days.map((item) => item.date)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-04',
      '2026-06-30',
    ]);
  });
});
