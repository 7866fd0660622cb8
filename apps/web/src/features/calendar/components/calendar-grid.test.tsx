import type { CalendarEmployee, DayPlan } from '@smena/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthRange } from '../month.ts';
import { CalendarGrid } from './calendar-grid.tsx';

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
  }));
}

describe('CalendarGrid', () => {
  beforeEach(() => {
    // jsdom lays nothing out: give the scroll box a viewport of 1200 × 600 px.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
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
    );
  });
});
