import { parseHoursMinutes, type ReportCard } from '@smena/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportCardGrid } from './report-card-grid.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function bigCard(count: number): ReportCard {
  const dates = Array.from({ length: 31 }, (_, i) => `2026-07-${String(i + 1).padStart(2, '0')}`);
  return {
    month: '2026-07',
    from: dates[0]!,
    to: dates[30]!,
    companyTitle: 'ООО Ромашка',
    departmentTitle: null,
    dates: dates.map((date) => ({ date, kind: 'WORKDAY' })),
    norm: { days: 23, minutes: 11_040 },
    employees: Array.from({ length: count }, (_, index) => ({
      employeeId: index + 1,
      name: `Сотрудник ${index + 1}`,
      personnelNumber: String(index + 1),
      departmentTitle: null,
      positionTitle: 'Оператор',
      days: dates.map((date) => ({ date, entries: [{ code: 'Я', minutes: 480 }], override: null })),
      firstHalf: { days: 15, minutes: 7_200 },
      secondHalf: { days: 16, minutes: 7_680 },
      month: { days: 31, minutes: 14_880 },
      absences: [],
    })),
  };
}

describe('ReportCardGrid', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('renders only a window of rows for 1,000 employees × 31 days', () => {
    const onCellClick = vi.fn();
    render(
      <ReportCardGrid
        card={bigCard(1000)}
        today="2026-07-15"
        editable
        compact={false}
        zone="Europe/Moscow"
        onCellClick={onCellClick}
      />,
    );
    const rows = screen.getAllByTestId('report-card-row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getAllByRole('gridcell').length).toBeLessThan(60 * 34);
    expect(screen.queryByText('Сотрудник 1000')).toBeNull();
    const body = screen.getByTestId('report-card-scroll').querySelector('.smena-tab__body');
    expect((body as HTMLElement).style.height).toBe(`${1000 * 44}px`);

    fireEvent.click(screen.getByRole('gridcell', { name: 'Сотрудник 2, 2026-07-03: Я 8:00' }));
    expect(onCellClick).toHaveBeenCalledWith(
      expect.objectContaining({
        employee: expect.objectContaining({ employeeId: 2 }),
        day: expect.objectContaining({ date: '2026-07-03' }),
      }),
    );
  });

  it('shows hours as ч:мм whose sums are the totals shown', () => {
    // 1–15: 8 × 8:20 and 7:40, rounded to 0,1 h once 74,1 under a total of 74,3; 16–31: Я/Н.
    const card = bigCard(1);
    const employee = card.employees[0]!;
    employee.days = employee.days.map((day, i) => ({
      ...day,
      entries:
        i < 8
          ? [{ code: 'Я', minutes: 500 }]
          : i === 8
            ? [{ code: 'Я', minutes: 460 }]
            : i < 15
              ? [{ code: 'В', minutes: null }]
              : [
                  { code: 'Я', minutes: 310 },
                  { code: 'Н', minutes: 165 },
                ],
    }));
    employee.firstHalf = { days: 9, minutes: 8 * 500 + 460 };
    employee.secondHalf = { days: 16, minutes: 16 * 475 };
    employee.month = { days: 25, minutes: 8 * 500 + 460 + 16 * 475 };
    render(
      <ReportCardGrid
        card={card}
        today="2026-07-15"
        editable={false}
        compact
        zone="Europe/Moscow"
      />,
    );
    const row = screen.getByTestId('report-card-row');
    const shown = (element: Element) =>
      [...element.querySelectorAll('.smena-tab__hours > span')].map((part) =>
        parseHoursMinutes(part.textContent ?? ''),
      );
    const cells = [...row.querySelectorAll('.smena-tab__cell')];
    const sum = (from: number, to: number) =>
      cells
        .slice(from, to)
        .flatMap(shown)
        .reduce<number>((total, minutes) => total + minutes!, 0);
    const totals = [...row.querySelectorAll('.smena-tab__total-hours')].map((total) =>
      parseHoursMinutes(total.textContent ?? ''),
    );

    expect(cells[0]!.textContent).toBe('Я8:20');
    expect(cells[8]!.textContent).toBe('Я7:40');
    expect(cells[15]!.textContent).toBe('Я/Н5:102:45');
    expect(totals).toEqual([4460, 7600, 12_060]);
    expect(row.querySelector('.smena-tab__total-hours')!.textContent).toBe('74:20');
    expect(totals).toEqual([sum(0, 15), sum(15, 31), sum(0, 31)]);
  });

  it('leaves cells read-only for those who may not change them', () => {
    render(
      <ReportCardGrid
        card={bigCard(3)}
        today="2026-07-15"
        editable={false}
        compact
        zone="Europe/Moscow"
      />,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('columnheader', { name: '2026-07-01, ср' })).toBeTruthy();
  });
});
