import type { CalendarViolationsResponse } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreen } from '../../../test/screen.ts';
import { CalendarViolations } from './calendar-violations.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const march: CalendarViolationsResponse = {
  month: '2026-03',
  total: 3,
  employees: [
    {
      employeeId: 7,
      name: 'Андреев Иван',
      violations: [
        {
          code: 'SHIFTS_IN_A_ROW',
          article: '103',
          from: '2026-03-10',
          to: '2026-03-11',
          message:
            'Смена 2026-03-11 начинается сразу после смены 2026-03-10: статья 103 ТК РФ ' +
            'запрещает работу две смены подряд.',
        },
        {
          code: 'LONG_SHIFT',
          article: '94',
          from: '2026-03-20',
          to: '2026-03-20',
          message: 'Смена — 24 ч работы: дольше 12 ч.',
        },
      ],
    },
    {
      employeeId: 8,
      name: 'Белов Пётр',
      violations: [
        {
          code: 'WEEKLY_REST',
          article: '110',
          from: '2026-03-09',
          to: '2026-03-15',
          message:
            'Самый долгий непрерывный отдых за неделю — 40 ч, а по статье 110 ТК РФ он должен ' +
            'быть не меньше 42 ч.',
        },
      ],
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

function respond(body: CalendarViolationsResponse) {
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status: 200 })),
  );
}

function renderSummary(query = { month: '2026-03', branchId: 4 }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CalendarViolations query={query} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CalendarViolations', { timeout: 60_000 }, () => {
  it('asks for the month of the grid’s filters and opens the list per employee', async () => {
    stubScreen('wide');
    respond(march);
    renderSummary();
    const summary = await screen.findByRole('button', { name: /Нарушения ТК РФ: 3/ });
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/v1/calendar/violations?month=2026-03&branchId=4',
    );

    fireEvent.click(summary);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Нарушения ТК РФ в плане: 2026-03')).toBeTruthy();
    expect(
      within(drawer).getByText(/Каждое изменение смен проверяется при сохранении/),
    ).toBeTruthy();

    const first = within(drawer).getByRole('region', { name: 'Андреев Иван' });
    expect(within(first).getByText('ст. 103 ТК РФ')).toBeTruthy();
    expect(within(first).getByText('Две смены подряд')).toBeTruthy();
    expect(within(first).getByText('2026-03-10 — 2026-03-11')).toBeTruthy();
    expect(within(first).getByText('ст. 94 ТК РФ')).toBeTruthy();
    // A single date is written once.
    expect(within(first).getByText('2026-03-20')).toBeTruthy();

    const second = within(drawer).getByRole('region', { name: 'Белов Пётр' });
    expect(within(second).getByText('ст. 110 ТК РФ')).toBeTruthy();
    expect(within(second).getByText('Еженедельный отдых меньше 42 ч')).toBeTruthy();
    expect(within(second).getByText('2026-03-09 — 2026-03-15')).toBeTruthy();
    expect(
      within(second).getByText(/Самый долгий непрерывный отдых за неделю — 40 ч/),
    ).toBeTruthy();
  });

  it('takes the whole screen on a phone (390 px)', async () => {
    stubScreen('phone');
    respond(march);
    renderSummary();
    fireEvent.click(await screen.findByRole('button', { name: /Нарушения ТК РФ: 3/ }));
    await screen.findByRole('dialog');
    const wrapper = document.querySelector('.ant-drawer-content-wrapper') as HTMLElement;
    expect(wrapper.style.width).toBe('100%');
  });

  it('says so when the month has none', async () => {
    stubScreen('wide');
    respond({ month: '2026-03', total: 0, employees: [] });
    renderSummary();
    fireEvent.click(await screen.findByRole('button', { name: 'Нарушений ТК РФ нет' }));
    expect(await screen.findByText('В плане месяца нарушений ТК РФ не найдено')).toBeTruthy();
  });
});
