import {
  encodeReportCard,
  type MonthPeriod,
  type ReportCard,
  type ReportCardDay,
  type ReportCardEmployee,
  type TimesheetEntry,
} from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubScreen } from '../../../test/screen.ts';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as ReportCardRoute } from './report-card-route.tsx';
import { withSession } from '../../../test/session.ts';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const MONTH = '2026-05';
const dates = Array.from(
  { length: 31 },
  (_, index) => `${MONTH}-${String(index + 1).padStart(2, '0')}`,
);
const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

function employee(
  id: number,
  name: string,
  special: Record<string, { entries: TimesheetEntry[]; override?: ReportCardDay['override'] }>,
): ReportCardEmployee {
  return {
    employeeId: id,
    name,
    personnelNumber: `00${id}`,
    departmentTitle: 'Склад',
    positionTitle: 'Кладовщик',
    days: dates.map((date) => ({
      date,
      entries:
        special[date]?.entries ??
        (isWeekend(date) ? [{ code: 'В', minutes: null }] : [{ code: 'Я', minutes: 480 }]),
      override: special[date]?.override ?? null,
    })),
    firstHalf: { days: 9, minutes: 4_320 },
    secondHalf: { days: 10, minutes: 4_710 },
    month: { days: 19, minutes: 9_030 },
    absences: [],
  };
}

const card: ReportCard = {
  month: MONTH,
  from: dates[0]!,
  to: dates[30]!,
  companyTitle: 'ООО Ромашка',
  departmentTitle: null,
  dates: dates.map((date) => ({
    date,
    kind:
      date === '2026-05-01' || date === '2026-05-11'
        ? 'HOLIDAY'
        : isWeekend(date)
          ? 'WEEKEND'
          : 'WORKDAY',
  })),
  norm: { days: 19, minutes: 9_060 },
  employees: [
    employee(1, 'Андреев Антон', {
      '2026-05-05': {
        entries: [
          { code: 'Я', minutes: 360 },
          { code: 'Н', minutes: 120 },
        ],
      },
      '2026-05-06': { entries: [{ code: 'ОТ', minutes: null }] },
      '2026-05-07': {
        entries: [{ code: 'Б', minutes: null }],
        override: {
          reason: 'Больничный лист № 77',
          changedByName: 'Петрова Анна',
          changedAt: '2026-05-08T07:15:00.000Z',
        },
      },
    }),
    employee(2, 'Борисова Вера', { '2026-05-12': { entries: [{ code: 'НН', minutes: null }] } }),
  ],
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const page = (items: unknown[]) => json({ items, total: items.length, page: 1, limit: 1000 });

const fetchMock = vi.fn<typeof fetch>();

const draftPeriod: MonthPeriod = {
  month: '2026-05',
  unit: { kind: 'BRANCH', id: 2, title: 'Центральный' },
  status: 'DRAFT',
  submittedBy: null,
  submittedAt: null,
  approvedBy: null,
  approvedAt: null,
  reopenedBy: null,
  reopenedAt: null,
  reopenReason: null,
};
/** The month's approval of branch 2 the server answers. */
let period: MonthPeriod = draftPeriod;

beforeEach(() => {
  // jsdom lays nothing out: give the grid's scroll box a viewport.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  stubScreen('wide');
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  period = draftPeriod;
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
        return json({ id: 1, title: 'ООО Ромашка', timezone: 'Europe/Moscow' });
      if (url === '/api/v1/profile')
        return json({ id: 3, firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' });
      if (url.startsWith('/api/v1/branches')) return page([{ id: 2, title: 'Центральный' }]);
      if (url.startsWith('/api/v1/departments')) return page([{ id: 3, title: 'Склад' }]);
      if (url.startsWith('/api/v1/positions')) return page([]);
      if (url.startsWith('/api/v1/reports/report-card/days/history?employeeId=1&date=2026-05-07'))
        return json({
          items: [
            {
              id: 1,
              action: 'SET',
              entries: [{ code: 'Б', minutes: null }],
              reason: 'Больничный лист № 77',
              changedByName: 'Петрова Анна',
              createdAt: '2026-05-08T07:15:00.000Z',
            },
          ],
        });
      if (url.startsWith('/api/v1/reports/report-card/days/history')) return json({ items: [] });
      if (url.startsWith('/api/v1/reports/attendance/days'))
        return json({ message: 'not needed here' }, 404);
      if (url === '/api/v1/reports/report-card/days' && method === 'PUT')
        return json({ date: '2026-05-05', entries: [], override: null });
      if (url.startsWith('/api/v1/reports/report-card?')) return json(encodeReportCard(card));
      if (url.startsWith('/api/v1/month-periods?')) return json({ month: MONTH, items: [period] });
      if (url.startsWith('/api/v1/reports/payroll?'))
        return Promise.resolve(
          new Response('\uFEFFОрганизация;ООО Ромашка\r\n', {
            status: 200,
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': `attachment; filename="payroll-${MONTH}.csv"; filename*=UTF-8''${encodeURIComponent(`Для зарплаты ${MONTH}.csv`)}`,
            },
          }),
        );
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

function renderPage(search = `?month=${MONTH}`) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[`/company/reports/report-card${search}`]}>
          <ReportCardRoute />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const cell = (name: string) => screen.findByRole('gridcell', { name });

describe('Timesheet page', { timeout: 60_000 }, () => {
  it('shows a phone one week at a time with each name and its month’s total', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-13T09:00:00Z'));
    stubScreen('phone');
    renderPage();
    const pager = await screen.findByRole('navigation', { name: 'Неделя' });
    expect(within(pager).getByText('11–17 мая')).toBeTruthy();
    expect(await cell('Борисова Вера, 2026-05-12: НН')).toBeTruthy();
    expect(screen.queryAllByRole('gridcell', { name: /^Андреев Антон, 2026-05-05/ })).toHaveLength(
      0,
    );
    expect(screen.getAllByLabelText('Месяц: 19 дн., 150:30').length).toBeGreaterThan(0);
    expect(
      screen.queryByRole('gridcell', { name: 'Андреев Антон, месяц: 19 дн., 150:30' }),
    ).toBeNull();

    fireEvent.click(within(pager).getByRole('button', { name: 'Предыдущая неделя' }));
    expect(within(pager).getByText('4–10 мая')).toBeTruthy();
    expect((await cell('Андреев Антон, 2026-05-05: Я 6:00, Н 2:00')).textContent).toBe(
      'Я/Н6:002:00',
    );
  });

  it('shows codes over hours, totals, the norm and a legend of the codes in use', async () => {
    renderPage(`?month=${MONTH}&branchId=2`);
    const both = await cell('Андреев Антон, 2026-05-05: Я 6:00, Н 2:00');
    expect(both.textContent).toBe('Я/Н6:002:00');
    expect(both.querySelectorAll('.smena-tab__hours--split > span')).toHaveLength(2);
    expect((await cell('Андреев Антон, 2026-05-04: Я 8:00')).textContent).toBe('Я8:00');
    expect((await cell('Андреев Антон, 2026-05-06: ОТ')).textContent).toBe('ОТ');
    expect((await cell('Борисова Вера, 2026-05-12: НН')).textContent).toBe('НН');
    expect(both.className).toContain('smena-tone--work');
    expect(
      fetchMock.mock.calls.some(
        ([url]) => String(url) === '/api/v1/reports/report-card?month=2026-05&branchId=2',
      ),
    ).toBe(true);

    // An overridden date says so, with the reason and who.
    const changed = await cell(
      'Андреев Антон, 2026-05-07: Б. Изменено вручную: Больничный лист № 77 — Петрова Анна, 2026-05-08 10:15',
    );
    expect(changed.querySelector('.smena-tab__mark')).toBeTruthy();

    expect(
      screen.getByRole('gridcell', { name: 'Андреев Антон, месяц: 19 дн., 150:30' }).textContent,
    ).toBe('19150:30');
    expect(
      screen.getByRole('columnheader', { name: '2026-05-01, пт, праздник' }).className,
    ).toContain('smena-tab__day--holiday');
    expect(screen.getByText('19 дн., 151:00')).toBeTruthy();

    const legend = screen.getByRole('list', { name: 'Обозначения' });
    for (const label of [
      'Работа в дневное время',
      'Работа в ночное время',
      'Ежегодный оплачиваемый отпуск',
      'Больничный с пособием',
      'Выходные и нерабочие праздничные дни',
      'Неявка по невыясненным причинам',
    ])
      expect(within(legend).getByText(label)).toBeTruthy();
    expect(within(legend).queryByText('Сверхурочная работа')).toBeNull();
    expect(
      within(legend).getByText('Часы указаны в формате ч:мм (7:30 — 7 часов 30 минут)'),
    ).toBeTruthy();
  });

  it('shows the branch’s approved month with who approved it, and opens none of its dates for editing', async () => {
    period = {
      ...draftPeriod,
      status: 'APPROVED',
      submittedBy: { id: 5, name: 'Сидоров Олег' },
      submittedAt: '2026-06-01T07:30:00.000Z',
      approvedBy: { id: 1, name: 'Петрова Анна' },
      approvedAt: '2026-06-02T08:00:00.000Z',
    };
    renderPage(`?month=${MONTH}&branchId=2`);
    const bar = await screen.findByRole('region', { name: 'Утверждение месяца' });
    expect(await within(bar).findByText('Утверждён')).toBeTruthy();
    expect(within(bar).getByText('Утвердил: Петрова Анна, 2026-06-02 11:00')).toBeTruthy();
    // A manager neither approves nor reopens.
    expect(within(bar).queryByRole('button')).toBeNull();
    // Its dates open no editor, and the page does not invite to click them.
    fireEvent.click(await cell('Андреев Антон, 2026-05-05: Я 6:00, Н 2:00'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Нажмите на день, чтобы изменить код/)).toBeNull();
  });

  it('downloads the payroll export in the chosen format with the timesheet’s filters', async () => {
    const saved: string[] = [];
    // jsdom has no object URLs; the file's name is what the link would save it under.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:payroll';
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderPage(`?month=${MONTH}&departmentId=3`);
    await cell('Андреев Антон, 2026-05-04: Я 8:00');
    fireEvent.click(screen.getByRole('button', { name: /Выгрузка для зарплаты/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV для 1С' }));
    await waitFor(() => expect(saved).toEqual([`Для зарплаты ${MONTH}.csv`]));
    expect(
      fetchMock.mock.calls.some(
        ([url]) =>
          String(url) === `/api/v1/reports/payroll?month=${MONTH}&departmentId=3&format=csv`,
      ),
    ).toBe(true);
    expect(screen.getByRole('menuitem', { name: 'Excel' })).toBeTruthy();
  });

  it('asks for a reason before it changes a date, then sends the codes', async () => {
    renderPage();
    fireEvent.click(await cell('Андреев Антон, 2026-05-05: Я 6:00, Н 2:00'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Расчётные коды')).toBeTruthy();
    expect(await within(drawer).findByText('Вручную этот день не меняли')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
    expect(await within(drawer).findByText('Укажите причину')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(within(drawer).getByLabelText('Часы 1'), { target: { value: '7' } });
    fireEvent.change(within(drawer).getByLabelText('Причина'), {
      target: { value: 'Служебная записка № 12' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/v1/reports/report-card/days');
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      employeeId: 1,
      date: '2026-05-05',
      entries: [
        { code: 'Я', minutes: 420 },
        { code: 'Н', minutes: 120 },
      ],
      reason: 'Служебная записка № 12',
    });
  });

  it('shows an overridden date’s reason, its history and the way back', async () => {
    renderPage();
    fireEvent.click(
      await cell(
        'Андреев Антон, 2026-05-07: Б. Изменено вручную: Больничный лист № 77 — Петрова Анна, 2026-05-08 10:15',
      ),
    );
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('В табеле (изменено вручную)')).toBeTruthy();
    expect(within(drawer).getByText('Причина: Больничный лист № 77')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /Вернуть расчётные значения/ })).toBeTruthy();
    expect(await within(drawer).findByText(/Коды изменены/)).toBeTruthy();
    expect(within(drawer).getByText('2026-05-08 10:15 · Петрова Анна')).toBeTruthy();
    // A day-counted code has no hours to enter.
    const hours = within(drawer).getByLabelText('Часы 1').closest('.ant-form-item');
    expect(hours?.className).toContain('ant-form-item-hidden');
    expect(within(drawer).getByText('в днях')).toBeTruthy();
  });
});
