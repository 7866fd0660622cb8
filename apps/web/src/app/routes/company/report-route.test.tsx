import type { AttendanceDays, AttendanceReport, AttendanceReportRow } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as ReportRoute } from './report-route.tsx';
import { withSession } from '../../../test/session.ts';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const zero = {
  plannedDays: 0,
  plannedMinutes: 0,
  workedDays: 0,
  workedMinutes: 0,
  lateCount: 0,
  lateMinutes: 0,
  earlyLeaveCount: 0,
  earlyLeaveMinutes: 0,
  absenceDays: { VACATION: 0, SICKLEAVE: 0, HOLIDAY: 0, DISMISSED: 0, WEEKEND: 0 },
  absentDays: 0,
  overtimeMinutes: 0,
  nightMinutes: 0,
  dayOffWorkDays: 0,
  dayOffWorkMinutes: 0,
  holidayWorkMinutes: 0,
};

function row(id: number, name: string, figures: Partial<AttendanceReportRow>): AttendanceReportRow {
  return {
    employeeId: id,
    name,
    personnelNumber: String(id).padStart(4, '0'),
    departmentTitle: 'Склад',
    positionTitle: 'Кладовщик',
    ...zero,
    ...figures,
  };
}

const report: AttendanceReport = {
  from: '2026-04-01',
  to: '2026-04-30',
  rows: [
    row(1, 'Андреев Антон', {
      plannedDays: 22,
      plannedMinutes: 10_560,
      workedDays: 20,
      workedMinutes: 9_450,
      lateCount: 1,
      lateMinutes: 5,
      absenceDays: { ...zero.absenceDays, VACATION: 2 },
    }),
    row(2, 'Борисова Вера', {
      plannedDays: 22,
      plannedMinutes: 10_560,
      workedDays: 21,
      workedMinutes: 10_110,
      lateCount: 4,
      lateMinutes: 62,
      absentDays: 1,
      nightMinutes: 90,
    }),
    row(3, 'Волков Глеб', {
      plannedDays: 22,
      plannedMinutes: 10_560,
      workedDays: 22,
      workedMinutes: 10_560,
      lateCount: 2,
      lateMinutes: 20,
      overtimeMinutes: 30,
    }),
  ],
  totals: {
    ...zero,
    plannedDays: 66,
    plannedMinutes: 31_680,
    workedDays: 63,
    workedMinutes: 30_120,
    lateCount: 7,
    lateMinutes: 87,
    absenceDays: { ...zero.absenceDays, VACATION: 2 },
    absentDays: 1,
    overtimeMinutes: 30,
    nightMinutes: 90,
  },
};

const days: AttendanceDays = {
  employee: {
    employeeId: 2,
    name: 'Борисова Вера',
    personnelNumber: '0002',
    departmentTitle: 'Склад',
    positionTitle: 'Кладовщик',
  },
  from: '2026-04-01',
  to: '2026-04-30',
  days: [
    {
      date: '2026-04-01',
      kind: 'WORK',
      dayOffType: null,
      plannedMinutes: 480,
      workedMinutes: 450,
      lateMinutes: 30,
      earlyLeaveMinutes: 0,
      overtimeMinutes: 0,
      nightMinutes: 0,
      late: true,
      leftEarly: false,
      absent: false,
      workedOnDayOff: false,
      firstIn: '2026-04-01T09:30:00+05:00',
      lastOut: '2026-04-01T18:00:00+05:00',
      entries: [{ code: 'Я', minutes: 450 }],
    },
  ],
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const page = (items: unknown[]) => json({ items, total: items.length, page: 1, limit: 1000 });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    withSession((input) => {
      const url = String(input);
      if (url === '/api/v1/profile/employee')
        return json({
          id: 5,
          role: 'ADMIN',
          companyId: 1,
          status: 'ACTIVE',
          personnelNumber: null,
        });
      if (url === '/api/v1/profile/company')
        return json({ id: 1, title: 'ООО Ромашка', timezone: 'Europe/Moscow' });
      if (url === '/api/v1/profile')
        return json({ id: 3, firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' });
      if (url.startsWith('/api/v1/branches')) return page([{ id: 2, title: 'Центральный' }]);
      if (url.startsWith('/api/v1/departments')) return page([{ id: 3, title: 'Склад' }]);
      if (url.startsWith('/api/v1/positions')) return page([]);
      if (url.startsWith('/api/v1/reports/attendance/days')) return json(days);
      if (url.startsWith('/api/v1/reports/attendance')) return json(report);
      return json({ message: `unexpected ${url}` }, 500);
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

function renderPage(search = '?from=2026-04-01&to=2026-04-30') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[`/company/reports/report${search}`]}>
          <ReportRoute />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** The employees' names in the order the table shows them. */
function namesInOrder(): string[] {
  return [...document.querySelectorAll('.smena-report .smena-report__employee-name')].map(
    (element) => element.textContent ?? '',
  );
}

describe('Attendance report page', { timeout: 60_000 }, () => {
  it('asks for the period and filters of the address and shows rows and totals', async () => {
    renderPage('?from=2026-04-01&to=2026-04-30&departmentId=3');
    expect(await screen.findByText('Андреев Антон')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) =>
      String(url).startsWith('/api/v1/reports/attendance?'),
    );
    expect(String(call?.[0])).toBe(
      '/api/v1/reports/attendance?from=2026-04-01&to=2026-04-30&departmentId=3',
    );
    expect(namesInOrder()).toEqual(['Андреев Антон', 'Борисова Вера', 'Волков Глеб']);
    // Hours as ч:мм like the timesheet, minutes of lateness, the vacation column.
    expect(screen.getByText('157:30')).toBeTruthy();
    expect(screen.getByText('1 ч 2 мин')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Отпуск, дней' })).toBeTruthy();

    const totals = document.querySelector<HTMLElement>('.smena-report__totals')!;
    expect(within(totals).getByText('Итого')).toBeTruthy();
    expect(within(totals).getByText('3 сотрудника', { exact: false })).toBeTruthy();
    expect(within(totals).getByText('528:00')).toBeTruthy();
    // The sum of the rows shown: 157:30 + 168:30 + 176:00.
    expect(within(totals).getByText('502:00')).toBeTruthy();
    expect(within(totals).getByText('1 ч 27 мин')).toBeTruthy();
    expect(within(totals).getByText('1:30')).toBeTruthy();
  });

  it('sorts by a column, most first, then least first', async () => {
    renderPage();
    await screen.findByText('Андреев Антон');
    const late = screen.getByRole('columnheader', { name: 'Опоздания, минут' });

    fireEvent.click(late);
    await waitFor(() =>
      expect(namesInOrder()).toEqual(['Борисова Вера', 'Волков Глеб', 'Андреев Антон']),
    );
    fireEvent.click(late);
    await waitFor(() =>
      expect(namesInOrder()).toEqual(['Андреев Антон', 'Волков Глеб', 'Борисова Вера']),
    );
  });

  it('opens an employee’s days with times in the branch’s zone', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Борисова Вера' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('2026-04-01')).toBeTruthy();
    expect(within(drawer).getByText('09:30')).toBeTruthy();
    expect(within(drawer).getByText('18:00')).toBeTruthy();
    expect(within(drawer).getByText('Опоздание 30 мин')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url]) =>
          String(url) ===
          '/api/v1/reports/attendance/days?employeeId=2&from=2026-04-01&to=2026-04-30',
      ),
    ).toBe(true);
  });
});
