import type { CalendarDayKind, CalendarEmployee, DayPlan } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSetCalendarDay } from '../api/set-calendar-day.ts';
import { monthRange } from '../month.ts';
import { ruleMarksByEmployee } from '../plan-warnings.ts';
import { CalendarGrid } from './calendar-grid.tsx';

// antd's menus measure themselves; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const range = monthRange('2026-11');

function employees(count: number): CalendarEmployee[] {
  return Array.from({ length: count }, (_, index) => ({
    employeeId: index + 1,
    name: `Сотрудник ${index + 1}`,
    departmentTitle: 'Склад',
    positionTitle: null,
    branchTitles: [],
    scheduleId: 1,
    scheduleTitle: '2/2',
    scheduleColor: '#1677ff',
    days: range.days.map((day): DayPlan => ({
      date: day.date,
      kind: day.isWeekend ? 'REST' : 'WORK',
      shifts: day.isWeekend
        ? []
        : [
            {
              start: `${day.date}T08:00:00+03:00`,
              end: `${day.date}T20:00:00+03:00`,
              breakMinutes: 60,
              plannedMinutes: 660,
            },
          ],
      shortened: false,
      rosterOverride: day.day === 2,
    })),
    requests: [],
    availability: [],
  }));
}

describe('CalendarGrid', () => {
  beforeEach(() => {
    // jsdom lays nothing out: give the scroll box a viewport of 1200 × 600 px.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('renders only a window of rows for 2,000 employees', () => {
    render(
      <CalendarGrid
        days={range.days}
        employees={employees(2000)}
        today="2026-11-02"
        editable={false}
        hideDepartments={false}
        compact={false}
      />,
    );
    const rows = screen.getAllByTestId('calendar-row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getByText('Сотрудник 1')).toBeTruthy();
    expect(screen.queryByText('Сотрудник 2000')).toBeNull();
    // The body is as tall as all rows, so the scroll bar is true to the list.
    const body = screen.getByTestId('calendar-scroll').querySelector('.smena-cal__body');
    expect((body as HTMLElement).style.height).toBe(`${2000 * 44}px`);
  });

  it('re-measures its rows when a phone turns the month into a week', () => {
    const props = {
      employees: employees(20),
      today: '2026-11-02',
      editable: false,
      hideDepartments: false,
    };
    const { rerender } = render(<CalendarGrid {...props} days={range.days} compact={false} />);
    // The breakpoint arrives after the first render: the week's rows are taller (name over days).
    rerender(<CalendarGrid {...props} days={range.days.slice(1, 8)} compact layout="week" />);
    const body = screen.getByTestId('calendar-scroll').querySelector('.smena-cal__body');
    expect((body as HTMLElement).style.height).toBe(`${20 * 64}px`);
    const second = screen.getAllByTestId('calendar-row')[1] as HTMLElement;
    expect(second.style.transform).toBe('translateY(64px)');
  });

  it('shows weekday headers from Monday, today and the cells, and reports clicks', () => {
    const onCellClick = vi.fn();
    render(
      <CalendarGrid
        days={range.days}
        dayKinds={new Map([['2026-11-04', 'HOLIDAY']])}
        employees={employees(3)}
        today="2026-11-02"
        editable
        hideDepartments={false}
        compact={false}
        onCellClick={onCellClick}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers[0]?.textContent).toBe('Сотрудник');
    expect(headers[1]?.textContent).toBe('1Вс');
    expect(headers[2]?.textContent).toBe('2Пн');
    expect(headers[2]?.className).toContain('smena-cal__day--today');
    expect(headers[4]?.className).toContain('smena-cal__day--holiday');

    const [row] = screen.getAllByTestId('calendar-row');
    const cell = within(row as HTMLElement).getByRole('gridcell', {
      name: 'Сотрудник 1, 2026-11-02: Смена 08:00–20:00, перерыв 60 мин (11 ч) · изменено вручную',
    });
    expect(cell.textContent).toBe('08–20');
    expect(cell.querySelector('.smena-cal__dot')).toBeTruthy();
    fireEvent.click(cell);
    expect(onCellClick).toHaveBeenCalledWith(
      expect.objectContaining({
        employee: expect.objectContaining({ employeeId: 1 }),
        plan: expect.objectContaining({ date: '2026-11-02' }),
      }),
      { row: 0, col: 1 },
      { shiftKey: false, toggleKey: false },
    );
  });

  it('marks the cells of a pending request and says so in the tooltip', () => {
    const [first, second] = employees(2);
    first!.requests = [
      { id: 7, type: 'VACATION', from: '2026-10-30', to: '2026-11-03', comment: 'Море' },
    ];
    render(
      <CalendarGrid
        days={range.days}
        employees={[first!, second!]}
        today="2026-11-20"
        editable
        hideDepartments={false}
        compact={false}
        onCellClick={() => undefined}
      />,
    );
    const [row, other] = screen.getAllByTestId('calendar-row');
    const pending = row!.querySelectorAll('.smena-cal__cell--pending');
    expect([...pending].map((cell) => cell.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'Сотрудник 1, 2026-11-01',
      'Сотрудник 1, 2026-11-02',
      'Сотрудник 1, 2026-11-03',
    ]);
    const cell = pending[2] as HTMLElement;
    expect(cell.querySelector('.smena-cal__pending')).toBeTruthy();
    expect(cell.title).toBe(
      'Смена 08:00–20:00, перерыв 60 мин (11 ч). Заявка на отсутствие: Отпуск, 2026-10-30 — 2026-11-03 (5 дн.), ожидает решения',
    );
    expect(row!.querySelector('[aria-label^="Сотрудник 1, 2026-11-04"]')?.className).not.toContain(
      'pending',
    );
    expect(other!.querySelectorAll('.smena-cal__cell--pending')).toHaveLength(0);
  });

  it('lets a manager set a date for the company from the header', async () => {
    const onDayKindChange = vi.fn();
    render(
      <CalendarGrid
        days={range.days}
        dayKinds={new Map<string, CalendarDayKind>([['2026-11-04', 'HOLIDAY']])}
        companyDays={new Set(['2026-11-04'])}
        onDayKindChange={onDayKindChange}
        employees={employees(1)}
        today="2026-11-02"
        editable
        hideDepartments={false}
        compact={false}
      />,
    );
    const header = screen.getByRole('button', {
      name: '2026-11-04, праздник (изменено для компании)',
    });
    expect(header.closest('[role="columnheader"]')?.className).toContain('smena-cal__day--company');
    fireEvent.click(header);
    fireEvent.click(
      await screen.findByRole('menuitem', { name: 'Как в производственном календаре' }),
    );
    expect(onDayKindChange).toHaveBeenCalledWith('2026-11-04', null);

    fireEvent.click(screen.getByRole('button', { name: '2026-11-05' }));
    const menus = await screen.findAllByRole('menu');
    const menu = within(menus[menus.length - 1]!);
    // Not changed by the company: nothing to return to.
    expect(
      menu
        .getByRole('menuitem', { name: 'Как в производственном календаре' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    fireEvent.click(menu.getByRole('menuitem', { name: 'Сокращённый день' }));
    expect(onDayKindChange).toHaveBeenLastCalledWith('2026-11-05', 'SHORTENED');
  });

  it('sends PUT /calendar/days/:date with the chosen kind', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ date: '2026-11-05', kind: 'WEEKEND', source: 'COMPANY' }), {
          status: 200,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    function Harness() {
      const setDay = useSetCalendarDay();
      return (
        <CalendarGrid
          days={range.days}
          onDayKindChange={(date, kind) => setDay.mutate({ date, kind })}
          employees={employees(1)}
          today="2026-11-02"
          editable
          hideDepartments={false}
          compact={false}
        />
      );
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Harness />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '2026-11-05' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Выходной' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/calendar/days/2026-11-05');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ kind: 'WEEKEND' });
    // The grid and the year's norms are loaded again.
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['calendar'] }));
  });
  it('marks the employee’s «Не могу» and «Хотел бы не работать» on their cells, in both layouts', () => {
    const [employee] = employees(1);
    const marked: CalendarEmployee = {
      ...employee!,
      availability: [
        { date: '2026-11-03', kind: 'UNAVAILABLE', start: null, end: null, comment: 'Сессия' },
        { date: '2026-11-04', kind: 'PREFER_NOT', start: '08:00', end: '12:00', comment: '' },
      ],
    };
    for (const layout of ['month', 'week'] as const) {
      const week = layout === 'week';
      const { unmount } = render(
        <CalendarGrid
          days={week ? range.days.slice(1, 8) : range.days}
          employees={[marked]}
          today="2026-11-02"
          editable={false}
          hideDepartments={false}
          compact={false}
          layout={layout}
          firstColumn={week ? 1 : 0}
        />,
      );
      const cell = (date: string) =>
        screen
          .getAllByRole('gridcell')
          .find((item) => item.getAttribute('aria-label')?.startsWith(`Сотрудник 1, ${date}:`))!;
      const unavailable = cell('2026-11-03');
      expect(unavailable.getAttribute('aria-label')).toContain(
        'Сотрудник отметил: не может работать (Сессия)',
      );
      expect(unavailable.getAttribute('title')).toContain('не может работать (Сессия)');
      expect(unavailable.querySelector('.smena-cal__mark--unavailable')).toBeTruthy();
      const preferNot = cell('2026-11-04');
      expect(preferNot.getAttribute('aria-label')).toContain(
        'Сотрудник отметил: хотел бы не работать с 08:00 до 12:00',
      );
      expect(preferNot.querySelector('.smena-cal__mark--prefer-not')).toBeTruthy();
      expect(cell('2026-11-05').querySelector('.smena-cal__mark')).toBeNull();
      unmount();
    }
  });

  it('marks the dates of a Labour Code violation, with the article in the tooltip, in both layouts', () => {
    const [first, second] = employees(2);
    const ruleMarks = ruleMarksByEmployee({
      month: '2026-11',
      total: 2,
      employees: [
        {
          employeeId: 1,
          name: 'Сотрудник 1',
          violations: [
            {
              code: 'SHIFTS_IN_A_ROW',
              article: '103',
              from: '2026-11-03',
              to: '2026-11-04',
              message: 'Дневная смена сразу после ночной',
            },
            {
              code: 'OVER_MONTH_NORM',
              article: '91',
              from: '2026-11-01',
              to: '2026-11-30',
              message: 'Запланировано больше нормы месяца',
            },
          ],
        },
      ],
    });
    for (const layout of ['month', 'week'] as const) {
      const week = layout === 'week';
      const { unmount } = render(
        <CalendarGrid
          days={week ? range.days.slice(1, 8) : range.days}
          employees={[first!, second!]}
          today="2026-11-02"
          editable={false}
          hideDepartments={false}
          compact={false}
          layout={layout}
          firstColumn={week ? 1 : 0}
          ruleMarks={ruleMarks}
        />,
      );
      const cell = (name: string, date: string) =>
        screen
          .getAllByRole('gridcell')
          .find((item) => item.getAttribute('aria-label')?.startsWith(`${name}, ${date}:`))!;
      for (const date of ['2026-11-03', '2026-11-04']) {
        const marked = cell('Сотрудник 1', date);
        expect(marked.querySelector('.smena-cal__rule'), date).toBeTruthy();
        expect(marked.getAttribute('title')).toContain(
          'Нарушение ст. 103 ТК РФ: Дневная смена сразу после ночной',
        );
        expect(marked.getAttribute('aria-label')).toContain('ст. 103 ТК РФ');
      }
      expect(cell('Сотрудник 1', '2026-11-05').querySelector('.smena-cal__rule')).toBeNull();
      expect(cell('Сотрудник 2', '2026-11-03').querySelector('.smena-cal__rule')).toBeNull();
      // The month's norm marks the row, not each date.
      expect(
        screen.getByLabelText('Нарушение ст. 91 ТК РФ: Запланировано больше нормы месяца'),
      ).toBeTruthy();
      expect(screen.getAllByTestId('rule-mark')).toHaveLength(2);
      unmount();
    }
  });
});
