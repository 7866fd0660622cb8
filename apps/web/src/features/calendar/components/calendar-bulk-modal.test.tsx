import type { CalendarEmployee, DayPlan } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CalendarBulkModal from './calendar-bulk-modal.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const rest = (date: string): DayPlan => ({
  date,
  kind: 'REST',
  shifts: [],
  shortened: false,
  rosterOverride: false,
});

const employee: CalendarEmployee = {
  employeeId: 3,
  name: 'Иванова Анна',
  departmentTitle: null,
  positionTitle: null,
  branchTitles: [],
  scheduleId: 1,
  scheduleTitle: '5/2',
  scheduleColor: null,
  days: [rest('2026-03-14')],
  requests: [],
  availability: [
    { date: '2026-03-14', kind: 'UNAVAILABLE', start: null, end: null, comment: 'Сессия' },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CalendarBulkModal: «Не могу» and the Labour Code', { timeout: 60_000 }, () => {
  it('asks before a shift over «Не могу», then shows the rules the saved cells break', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            succeeded: 1,
            failed: [],
            violations: [
              {
                employeeId: 3,
                name: 'Иванова Анна',
                code: 'WEEKLY_REST',
                article: '110',
                from: '2026-03-09',
                to: '2026-03-15',
                message: 'Отдых 40 ч',
              },
            ],
          }),
          { status: 200 },
        ),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <CalendarBulkModal
            action="shift"
            cells={[{ employeeId: 3, date: '2026-03-14' }]}
            employeeIds={[3]}
            employees={[employee]}
            filteredTotal={1}
            filter={{}}
            weeks={[]}
            defaultWeek={undefined}
            until="2026-03-31"
            fullScreen={false}
            onClose={vi.fn()}
            onApplied={vi.fn()}
          />
        </App>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Поставить смену' }));
    expect(
      await screen.findByText('Сотрудники отметили, что не могут работать в это время'),
    ).toBeTruthy();
    const conflict = screen.getByText(
      (_, element) =>
        element?.tagName === 'LI' &&
        (element.textContent ?? '').startsWith('Иванова Анна, ') &&
        (element.textContent ?? '').endsWith('Сотрудник отметил: не может работать (Сессия)'),
    );
    expect(conflict).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Всё равно поставить' }));
    expect(await screen.findByText('Сохранено, но план нарушает ТК РФ')).toBeTruthy();
    expect(
      screen.getByText(
        'Иванова Анна: ст. 110 ТК РФ — Еженедельный отдых меньше 42 ч (2026-03-09 — 2026-03-15)',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/calendar/bulk');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      cells: [{ employeeId: 3, date: '2026-03-14' }],
      action: { kind: 'shift' },
    });
  });
});
