import type { Dashboard } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DASHBOARD_REFRESH_MS,
  dashboardQueryOptions,
} from '../../../features/dashboard/api/get-dashboard.ts';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as DashboardRoute } from './dashboard-route.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const days = Array.from({ length: 14 }, (_, index) => ({
  date: `2026-03-${String(5 + index).padStart(2, '0')}`,
  planned: 4,
  present: 3,
  late: index === 13 ? 1 : 0,
  absent: index === 12 ? 1 : 0,
}));

const dashboard: Dashboard = {
  date: '2026-03-18',
  timezone: 'Europe/Moscow',
  generatedAt: '2026-03-18T09:00:00.000Z',
  today: { planned: 4, present: 2, late: 1, notArrived: 1, absent: 0, onDayOff: 1 },
  days,
  branches: [
    {
      branchId: 7,
      title: 'Склад',
      planned: 1,
      present: 0,
      late: 0,
      notArrived: 1,
      absent: 0,
      onDayOff: 0,
    },
    {
      branchId: 3,
      title: 'Центральный',
      planned: 3,
      present: 2,
      late: 1,
      notArrived: 0,
      absent: 0,
      onDayOff: 1,
    },
  ],
  latestChecks: [
    {
      id: 12,
      employeeId: 21,
      employeeName: 'Сидорова Мария',
      branchTitle: 'Центральный',
      checkInDateTime: '2026-03-18T08:50:00+03:00',
      checkOutDateTime: '2026-03-18T11:00:00+03:00',
      late: false,
    },
    {
      id: 11,
      employeeId: 22,
      employeeName: 'Петров Иван',
      branchTitle: 'Центральный',
      checkInDateTime: '2026-03-18T09:20:00+03:00',
      checkOutDateTime: null,
      late: true,
    },
  ],
};

const nothing: Dashboard = {
  ...dashboard,
  today: { planned: 0, present: 0, late: 0, notArrived: 0, absent: 0, onDayOff: 0 },
  days: days.map((day) => ({ ...day, planned: 0, present: 0, late: 0, absent: 0 })),
  branches: [],
  latestChecks: [],
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

function answer(body: Dashboard | null) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/v1/dashboard')
      return body ? json(body) : json({ statusCode: 500, code: 'INTERNAL', message: 'Сбой' }, 500);
    return json({ message: `unexpected ${url}` }, 500);
  });
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter>
          <DashboardRoute />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('/company/dashboard', () => {
  it('refreshes itself every minute', () => {
    expect(DASHBOARD_REFRESH_MS).toBe(60_000);
    expect(dashboardQueryOptions().refetchInterval).toBe(60_000);
  });

  it('shows today’s counts as cards, the links to the checks where a filter exists', async () => {
    answer(dashboard);
    renderPage();
    const present = await screen.findByRole('link', { name: 'На месте: 2 — открыть отметки' });
    expect(present.getAttribute('href')).toBe('/company/checks?view=open');
    const late = screen.getByRole('link', { name: 'Опоздали: 1 — открыть отметки' });
    expect(late.getAttribute('href')).toBe('/company/checks?late=true');
    expect(screen.getByRole('group', { name: 'Ещё не пришли: 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Отсутствуют: 0' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'В отпуске / на больничном: 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Запланировано: 4' })).toBeTruthy();
    expect(screen.getByText(/Сегодня: среда,/)).toBeTruthy();
    expect(screen.getByText(/^Обновлено в \d\d:\d\d$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Обновить сейчас' })).toBeTruthy();
  });

  it('breaks today down by branch, each branch linking to its checks', async () => {
    answer(dashboard);
    renderPage();
    const link = await screen.findByRole('link', { name: 'Центральный' });
    expect(link.getAttribute('href')).toBe('/company/checks?branchId=3');
    const row = link.closest('tr')!;
    expect(within(row).getByText('из 3')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Ещё не пришли/ })).toBeTruthy();
  });

  it('lists today’s latest checks in the branch’s time with the late mark', async () => {
    answer(dashboard);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Последние отметки' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Сидорова Мария');
    expect(items[0]!.textContent).toContain('Приход 08:50 – уход 11:00');
    expect(within(items[0]!).queryByText('Опоздание')).toBeNull();
    expect(items[1]!.textContent).toContain('Приход 09:20');
    expect(items[1]!.textContent).not.toContain('уход');
    expect(within(items[1]!).getByText('Опоздание')).toBeTruthy();
    expect(within(items[1]!).getByText('на месте')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Петров Иван' }).getAttribute('href')).toBe(
      '/company/employees/22',
    );
  });

  it('says what to do when there is nothing to show yet', async () => {
    answer(nothing);
    renderPage();
    expect(await screen.findByText('Пока нечего показать')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Добавить сотрудников' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Последние отметки' })).toBeNull();
  });

  it('offers to try again when the dashboard does not load', async () => {
    answer(null);
    renderPage();
    expect(await screen.findByText('Не удалось загрузить сводку')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
