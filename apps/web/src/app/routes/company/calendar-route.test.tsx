import type * as Contract from '@smena/contract';
import type { CalendarResponse, DayPlan } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreen } from '../../../test/screen.ts';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as CalendarRoute } from './calendar-route.tsx';
import { withSession } from '../../../test/session.ts';

// Counts the decodes of the compact answer: once per answer, however often the page renders.
const { decodes } = vi.hoisted(() => ({ decodes: { count: 0 } }));
vi.mock('@smena/contract', async (importOriginal) => {
  const actual = await importOriginal<typeof Contract>();
  return {
    ...actual,
    decodeCalendar: (response: CalendarResponse) => {
      decodes.count += 1;
      return actual.decodeCalendar(response);
    },
  };
});

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const MONTH = '2026-11';
const dates = Array.from({ length: 30 }, (_, i) => `${MONTH}-${String(i + 1).padStart(2, '0')}`);
const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/** 5/2 09:00–18:00 in a branch of the given offset. */
const fiveTwo = (date: string, offset: string): DayPlan =>
  isWeekend(date)
    ? { date, kind: 'REST', shifts: [], shortened: false, rosterOverride: false }
    : {
        date,
        kind: 'WORK',
        shifts: [
          {
            start: `${date}T09:00:00${offset}`,
            end: `${date}T18:00:00${offset}`,
            breakMinutes: 60,
            plannedMinutes: 480,
          },
        ],
        shortened: false,
        rosterOverride: false,
      };

const row = (employeeId: number, name: string, days: number[]) => ({
  employeeId,
  name,
  departmentTitle: 'Склад',
  positionTitle: null,
  branchTitles: [],
  scheduleId: 1,
  scheduleTitle: 'Пятидневка',
  scheduleColor: '#52c41a',
  days,
  requests: [],
  availability: [],
});

// Moscow's plans (0–29), Yekaterinburg's (30–59), one vacation date of Борисова (60).
const plans: DayPlan[] = [
  ...dates.map((date) => fiveTwo(date, '+03:00')),
  ...dates.map((date) => fiveTwo(date, '+05:00')),
  {
    date: '2026-11-03',
    kind: 'DAY_OFF',
    shifts: [],
    dayOffType: 'VACATION',
    dayOffId: 9,
    shortened: false,
    rosterOverride: false,
  },
];
const answer: CalendarResponse = {
  from: `${MONTH}-01`,
  to: `${MONTH}-30`,
  dates: dates.map((date) => ({ date, kind: isWeekend(date) ? 'WEEKEND' : 'WORKDAY' })),
  plans,
  employees: [
    row(
      1,
      'Андреев Антон',
      dates.map((_, i) => i),
    ),
    row(
      2,
      'Борисова Вера',
      dates.map((_, i) => (i === 2 ? 60 : i)),
    ),
    row(
      3,
      'Васильев Глеб',
      dates.map((_, i) => 30 + i),
    ),
  ],
  total: 3,
  page: 1,
  limit: 2000,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const page = (items: unknown[]) => json({ items, total: items.length, page: 1, limit: 1000 });

const fetchMock = vi.fn<typeof fetch>();
/** The company's «Публикация графика» (decision 028). */
let publishes = false;
/** The branch's month has no published version yet. */
let neverPublished = false;

beforeEach(() => {
  publishes = false;
  neverPublished = false;
  decodes.count = 0;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  stubScreen('wide');
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    withSession((input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url === '/api/v1/profile/employee')
        return json({
          id: 5,
          role: 'MANAGER',
          companyId: 1,
          status: 'ACTIVE',
          personnelNumber: null,
        });
      if (url === '/api/v1/profile/company')
        return json({
          id: 1,
          title: 'ООО Ромашка',
          timezone: 'Europe/Moscow',
          schedulePublication: publishes,
        });
      if (url === `/api/v1/schedule-publications?month=${MONTH}&branchId=4`)
        return json({
          enabled: true,
          month: MONTH,
          unit: { kind: 'BRANCH', id: 4, title: 'Северный' },
          deadline: '2026-10-01',
          lateNow: true,
          employees: 3,
          versions: neverPublished
            ? []
            : [
                {
                  id: 9,
                  month: MONTH,
                  unit: { kind: 'BRANCH', id: 4, title: 'Северный' },
                  version: 1,
                  publishedBy: { id: 5, name: 'Петрова Анна' },
                  publishedAt: '2026-09-25T07:00:00.000Z',
                  late: false,
                  employees: 3,
                  changedEmployees: 3,
                  acknowledged: 2,
                },
              ],
          changes: neverPublished
            ? [
                { employeeId: 1, dates: ['2026-11-02'] },
                { employeeId: 2, dates: ['2026-11-02'] },
              ]
            : [{ employeeId: 1, dates: ['2026-11-02'] }],
          changedDays: 1,
        });
      if (url === '/api/v1/profile')
        return json({ id: 3, firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' });
      if (url.startsWith('/api/v1/branches')) return page([]);
      if (url.startsWith('/api/v1/departments')) return page([]);
      if (url.startsWith('/api/v1/calendar/year')) return json({ message: 'not needed here' }, 404);
      if (url.startsWith('/api/v1/calendar?')) return json(answer);
      if (url === `/api/v1/calendar/violations?month=${MONTH}`)
        return json({
          month: MONTH,
          total: 1,
          employees: [
            {
              employeeId: 2,
              name: 'Борисова Вера',
              violations: [
                {
                  code: 'WEEKLY_REST',
                  article: '110',
                  from: '2026-11-09',
                  to: '2026-11-15',
                  message: 'Самый долгий непрерывный отдых за неделю — 40 ч.',
                },
              ],
            },
          ],
        });
      return json({ message: `unexpected ${method} ${url}` }, 500);
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPage(search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[`/company/calendar?month=${MONTH}${search}`]}>
          <CalendarRoute />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

const cell = (name: string) => screen.findByRole('gridcell', { name });

describe('Calendar page', { timeout: 60_000 }, () => {
  it('shows each employee’s plans from the compact answer, in the branch’s local times', async () => {
    const { queryClient } = renderPage();
    const moscow = await cell('Андреев Антон, 2026-11-02: Смена 09:00–18:00, перерыв 60 мин (8 ч)');
    expect(moscow.textContent).toBe('09–18');
    // The same plan entry for two employees, and a plan of one's own.
    expect(
      (await cell('Борисова Вера, 2026-11-02: Смена 09:00–18:00, перерыв 60 мин (8 ч)'))
        .textContent,
    ).toBe('09–18');
    expect((await cell('Борисова Вера, 2026-11-03: Отпуск')).textContent).toBe('Отп');
    expect(
      (await cell('Андреев Антон, 2026-11-03: Смена 09:00–18:00, перерыв 60 мин (8 ч)'))
        .textContent,
    ).toBe('09–18');
    // Yekaterinburg's 09:00 is 09:00 there, whatever the browser's zone.
    expect(
      (await cell('Васильев Глеб, 2026-11-02: Смена 09:00–18:00, перерыв 60 мин (8 ч)'))
        .textContent,
    ).toBe('09–18');
    expect(await cell('Васильев Глеб, 2026-11-07: Выходной по графику')).toBeTruthy();
    expect(screen.getByText('Сотрудников: 3')).toBeTruthy();
    // The manager sees the month's Labour Code violations beside the norm.
    expect(await screen.findByRole('button', { name: /Нарушения ТК РФ: 1/ })).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/calendar?')),
    ).toHaveLength(1);

    // The cache keeps the answer as sent; it was decoded once for all the renders since.
    const cached = queryClient.getQueriesData<CalendarResponse>({ queryKey: ['calendar', 'grid'] });
    expect(cached[0]![1]!.plans).toHaveLength(61);
    expect(decodes.count).toBe(1);
  });

  it('shows a phone one week at a time, today’s first, with whole names', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-05T09:00:00Z'));
    stubScreen('phone');
    renderPage();
    const pager = await screen.findByRole('navigation', { name: 'Неделя' });
    expect(within(pager).getByText('2–8 ноября')).toBeTruthy();
    expect(
      await cell('Андреев Антон, 2026-11-02: Смена 09:00–18:00, перерыв 60 мин (8 ч)'),
    ).toBeTruthy();
    expect(screen.queryAllByRole('gridcell', { name: /^Андреев Антон, 2026-11-09/ })).toHaveLength(
      0,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(7);
    expect(screen.getByRole('grid').className).toContain('smena-cal--week');

    fireEvent.click(within(pager).getByRole('button', { name: 'Следующая неделя' }));
    expect(within(pager).getByText('9–15 ноября')).toBeTruthy();
    expect(
      await cell('Андреев Антон, 2026-11-09: Смена 09:00–18:00, перерыв 60 мин (8 ч)'),
    ).toBeTruthy();
    vi.useRealTimers();
  });

  it('shows the publication of the chosen branch and marks the cells changed since', async () => {
    publishes = true;
    renderPage('&branchId=4');
    // The bar is its own chunk: its first import takes a while under the test transform.
    const bar = await screen.findByRole(
      'region',
      { name: 'Публикация графика' },
      { timeout: 15_000 },
    );
    expect(within(bar).getByText('2026-09-25 10:00 (Петрова Анна), версия 1')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Опубликовать изменения' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Ознакомлены 2 из 3' })).toBeTruthy();
    const changed = await cell(
      'Андреев Антон, 2026-11-02: Смена 09:00–18:00, перерыв 60 мин (8 ч). Изменено после публикации — сотрудник ещё не видит',
    );
    expect(changed.className).toContain('smena-cal__cell--unpublished');
    const same = await cell('Борисова Вера, 2026-11-02: Смена 09:00–18:00, перерыв 60 мин (8 ч)');
    expect(same.className).not.toContain('smena-cal__cell--unpublished');
  });

  it('marks no cell before the first publication: the bar says the whole month is a draft', async () => {
    publishes = true;
    neverPublished = true;
    renderPage('&branchId=4');
    const bar = await screen.findByRole(
      'region',
      { name: 'Публикация графика' },
      { timeout: 15_000 },
    );
    expect(within(bar).getByText('Черновик — сотрудники не видят')).toBeTruthy();
    const first = await cell('Андреев Антон, 2026-11-02: Смена 09:00–18:00, перерыв 60 мин (8 ч)');
    expect(first.className).not.toContain('smena-cal__cell--unpublished');
  });

  it('asks for one branch or department when the company publishes and none is chosen', async () => {
    publishes = true;
    renderPage();
    expect(await screen.findByText(/График публикуется по филиалу или по отделу/)).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/schedule-publications')),
    ).toBe(false);
  });
});
