import type { EmployeesAttendance } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { EmployeeChecks } from './employee-checks.tsx';
import { makeAttendanceDay, makeCheck, makeWorkPlan } from '../checks.test-helpers.ts';

const ZONE = 'Europe/Moscow';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const checks = [
  makeCheck('2026-05-05T09:00:00+03:00', '2026-05-05T16:45:00+03:00', { id: 12, branchId: 3 }),
  makeCheck('2026-05-04T09:17:00+03:00', '2026-05-04T18:00:00+03:00', { id: 11, branchId: 3 }),
];

const attendance: EmployeesAttendance = {
  from: '2026-04-30',
  to: '2026-05-31',
  employees: [
    {
      employeeId: 7,
      timezone: ZONE,
      days: [
        makeAttendanceDay('2026-05-04', {
          workedMinutes: 463,
          lateMinutes: 17,
          late: true,
          checkIds: [11],
        }),
        makeAttendanceDay('2026-05-05', {
          workedMinutes: 405,
          earlyLeaveMinutes: 75,
          leftEarly: true,
          checkIds: [12],
        }),
        makeAttendanceDay('2026-05-06', { absent: true }),
      ],
    },
  ],
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-08T12:00:00+03:00'));
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/branches')
      return json({
        items: [{ id: 3, title: 'Центральный', timezone: ZONE }],
        total: 1,
        page: 1,
        limit: 200,
      });
    if (url.pathname === '/api/v1/checks')
      return json({ items: checks, total: checks.length, page: 1, limit: 200 });
    if (url.pathname === '/api/v1/employees/7/plan')
      return json(['2026-05-04', '2026-05-05', '2026-05-06'].map(makeWorkPlan));
    if (url.pathname === '/api/v1/attendance') return json(attendance);
    return json({ message: `unexpected ${url.pathname}` }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderChecks() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <EmployeeChecks employeeId={7} companyZone={ZONE} canAdd />
      </App>
    </QueryClientProvider>,
  );
}

const requested = (path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);

describe('the employee’s checks tab', () => {
  it('shows the lateness, early leave and absence the API computed, and their totals', async () => {
    renderChecks();
    // jsdom is a phone to antd's breakpoints: the dates are cards.
    const days = await screen.findByRole('list', { name: 'Отметки по дням' });
    await within(days).findByText('Опоздание 17 мин');
    expect(within(days).getByText('Ранний уход 1 ч 15 мин')).toBeTruthy();
    expect(within(days).getByText('Неявка')).toBeTruthy();
    expect(within(days).getAllByText('09:00–18:00')).toHaveLength(3);
    const totals = screen.getByLabelText('Итоги периода');
    expect(totals.textContent).toContain('Отработано 14 ч 28 мин');
    expect(totals.textContent).toContain('Опозданий 1');
    expect(totals.textContent).toContain('Ранних уходов 1');
    expect(totals.textContent).toContain('Неявок 1');

    // One request of the month, from the day before for a night shift; no engine in the browser.
    await waitFor(() => expect(requested('/api/v1/attendance')).toHaveLength(1));
    const [url] = requested('/api/v1/attendance');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      from: '2026-04-30',
      to: '2026-05-31',
      dates: 'marked',
      employeeIds: '7',
    });
  });
});
