import type { CalendarEmployee, DayPlan } from '@smena/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthRange } from '../month.ts';
import { useCellSelection } from '../use-cell-selection.ts';
import { CalendarGrid, type CalendarCellTarget } from './calendar-grid.tsx';

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
    departmentTitle: null,
    positionTitle: null,
    branchTitles: [],
    scheduleId: null,
    scheduleTitle: null,
    scheduleColor: null,
    days: range.days.map((day): DayPlan => ({
      date: day.date,
      kind: 'REST',
      shifts: [],
      shortened: false,
      rosterOverride: false,
    })),
    requests: [],
    availability: [],
  }));
}

const people = employees(3);

function Harness({ onOpen }: { onOpen: (target: CalendarCellTarget) => void }) {
  const selection = useCellSelection(people, range.days);
  return (
    <>
      <output data-testid="count">{selection.selected.size}</output>
      <button type="button" onClick={() => selection.setActive(true)}>
        Выбрать ячейки
      </button>
      <CalendarGrid
        days={range.days}
        employees={people}
        today="2026-11-02"
        editable
        hideDepartments={false}
        compact={false}
        selection={selection}
        onCellClick={(target, position, modifiers) => {
          if (!selection.click(position, modifiers)) onOpen(target);
        }}
      />
    </>
  );
}

function cell(employee: number, date: string): HTMLElement {
  return screen.getByRole('gridcell', {
    name: new RegExp(`^Сотрудник ${employee}, ${date}:`),
  });
}

const count = () => Number(screen.getByTestId('count').textContent);

describe('calendar cell selection', () => {
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

  it('opens the editor on a plain click, as before', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    fireEvent.click(cell(1, '2026-11-03'));
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ plan: expect.objectContaining({ date: '2026-11-03' }) }),
    );
    expect(count()).toBe(0);
    expect(cell(1, '2026-11-03').getAttribute('aria-selected')).toBe('false');
  });

  it('selects with ctrl-click, extends to a rectangle with shift-click, clears with Esc', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    fireEvent.click(cell(1, '2026-11-03'), { ctrlKey: true });
    expect(cell(1, '2026-11-03').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(cell(3, '2026-11-05'), { shiftKey: true });
    // 3 employees × 3 days.
    expect(count()).toBe(9);
    expect(cell(2, '2026-11-04').getAttribute('aria-selected')).toBe('true');
    expect(cell(2, '2026-11-06').getAttribute('aria-selected')).toBe('false');
    // In selection mode a plain click toggles a cell instead of opening the editor.
    fireEvent.click(cell(2, '2026-11-04'));
    expect(count()).toBe(8);
    expect(onOpen).not.toHaveBeenCalled();
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(count()).toBe(0);
    fireEvent.click(cell(2, '2026-11-04'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('selects the rectangle a mouse drag covers, without opening the editor', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    fireEvent.pointerDown(cell(1, '2026-11-10'), { pointerType: 'mouse', button: 0, buttons: 1 });
    fireEvent.pointerOver(cell(2, '2026-11-12'), { pointerType: 'mouse', buttons: 1 });
    fireEvent.pointerUp(window, { pointerType: 'mouse' });
    fireEvent.click(cell(2, '2026-11-12'));
    expect(count()).toBe(6);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('lets a phone tap cells one by one after «Выбрать ячейки»', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать ячейки' }));
    fireEvent.click(cell(1, '2026-11-01'));
    fireEvent.click(cell(3, '2026-11-30'));
    expect(count()).toBe(2);
    expect(onOpen).not.toHaveBeenCalled();
  });
});
