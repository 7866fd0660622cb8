import { describe, expect, it } from 'vitest';
import {
  cellKey,
  cellsLabel,
  copyableWeeks,
  keepVisible,
  ofEmployeesLabel,
  rectangleKeys,
  selectedCells,
  selectedDatesByEmployee,
  toggleKey,
  weekStartOf,
} from './cell-selection.ts';

const ids = [10, 20, 30];
const dates = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];

describe('cell selection', () => {
  it('selects the rectangle between two cells, whichever corner comes first', () => {
    const keys = rectangleKeys({ row: 2, col: 2 }, { row: 1, col: 1 }, ids, dates);
    expect(keys).toEqual([
      cellKey(20, '2026-03-02'),
      cellKey(20, '2026-03-03'),
      cellKey(30, '2026-03-02'),
      cellKey(30, '2026-03-03'),
    ]);
    expect(rectangleKeys({ row: 0, col: 3 }, { row: 0, col: 3 }, ids, dates)).toEqual([
      cellKey(10, '2026-03-04'),
    ]);
  });

  it('ignores positions beyond the grid', () => {
    expect(rectangleKeys({ row: 2, col: 3 }, { row: 5, col: 9 }, ids, dates)).toEqual([
      cellKey(30, '2026-03-04'),
    ]);
  });

  it('toggles one cell in and out', () => {
    const one = toggleKey(new Set(), cellKey(10, '2026-03-01'));
    expect([...one]).toEqual(['10|2026-03-01']);
    expect(toggleKey(one, cellKey(10, '2026-03-01')).size).toBe(0);
  });

  it('turns the selection into cells and into dates per row', () => {
    const selection = new Set(['20|2026-03-02', '10|2026-03-03', '20|2026-03-01']);
    expect(selectedCells(selection)).toEqual([
      { employeeId: 10, date: '2026-03-03' },
      { employeeId: 20, date: '2026-03-01' },
      { employeeId: 20, date: '2026-03-02' },
    ]);
    expect(selectedDatesByEmployee(selection)).toEqual(
      new Map([
        [20, '2026-03-01,2026-03-02'],
        [10, '2026-03-03'],
      ]),
    );
  });

  it('keeps only the cells still shown, and the same set when nothing went', () => {
    const selection = new Set(['10|2026-03-01', '40|2026-03-01', '10|2026-04-01']);
    expect([...keepVisible(selection, ids, dates)]).toEqual(['10|2026-03-01']);
    const kept = new Set(['10|2026-03-01']);
    expect(keepVisible(kept, ids, dates)).toBe(kept);
  });

  it('finds Mondays and the weeks that have a following week in the month', () => {
    expect(weekStartOf('2026-03-01')).toBe('2026-02-23');
    expect(weekStartOf('2026-03-02')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02');
    expect(copyableWeeks('2026-03-01', '2026-03-31')).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
    ]);
    expect(copyableWeeks('2026-03-23', '2026-03-29')).toEqual([]);
  });

  it('says how many cells in Russian', () => {
    expect(cellsLabel(1)).toBe('1 ячейка');
    expect(cellsLabel(3)).toBe('3 ячейки');
    expect(cellsLabel(5)).toBe('5 ячеек');
    expect(cellsLabel(12)).toBe('12 ячеек');
    expect(cellsLabel(21)).toBe('21 ячейка');
    expect(cellsLabel(104)).toBe('104 ячейки');
    expect(ofEmployeesLabel(1)).toBe('у 1 сотрудника');
    expect(ofEmployeesLabel(21)).toBe('у 21 сотрудника');
    expect(ofEmployeesLabel(5)).toBe('у 5 сотрудников');
  });
});
