import type { CalendarSummarizedResponse } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreen } from '../../../test/screen.ts';
import { CalendarSummarized } from './calendar-summarized.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const march: CalendarSummarizedResponse = {
  month: '2026-03',
  employees: [
    {
      employeeId: 7,
      name: 'Сидоров Иван',
      period: 'QUARTER',
      from: '2026-01-01',
      to: '2026-03-31',
      plannedMinutes: 384 * 60,
      normMinutes: 368 * 60,
    },
    {
      employeeId: 8,
      name: 'Белов Пётр',
      period: 'YEAR',
      from: '2026-01-01',
      to: '2026-12-31',
      plannedMinutes: 1900 * 60 + 30,
      normMinutes: 1972 * 60,
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

function respond(body: CalendarSummarizedResponse) {
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status: 200 })),
  );
}

function renderSummarized() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CalendarSummarized query={{ month: '2026-03', departmentId: 5 }} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  stubScreen('phone');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CalendarSummarized', { timeout: 60_000 }, () => {
  it('asks once for the page and lists each period’s planned hours against its norm', async () => {
    respond(march);
    renderSummarized();
    const button = await screen.findByRole('button', { name: 'Суммированный учёт: 2' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/v1/calendar/summarized?month=2026-03&departmentId=5',
    );
    fireEvent.click(button);
    const list = await screen.findByRole('list', { name: 'Суммированный учёт' });
    const over = within(list).getByText('Квартал: 384 из 368 ч');
    expect(over.closest('.ant-typography-danger')).toBeTruthy();
    expect(within(list).getByText('Год: 1900,5 из 1972 ч')).toBeTruthy();
    expect(within(list).getByText('Сидоров Иван')).toBeTruthy();
  });

  it('shows nothing when no one is on summarized accounting', async () => {
    respond({ month: '2026-03', employees: [] });
    const { container } = renderSummarized();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.querySelector('button')).toBeNull();
  });
});
