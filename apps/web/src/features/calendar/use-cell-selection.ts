import type { CalendarEmployee } from '@smena/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  keepVisible,
  rectangleKeys,
  selectedDatesByEmployee,
  toggleKey,
  type CellPosition,
} from './cell-selection.ts';
import type { MonthDay } from './month.ts';

export type CellModifiers = { shiftKey: boolean; toggleKey: boolean };

export type CellSelection = {
  /** Selection mode: a click selects instead of opening the editor. */
  active: boolean;
  selected: ReadonlySet<string>;
  /** Each employee's selected dates, joined (see selectedDatesByEmployee). */
  datesByEmployee: ReadonlyMap<number, string>;
  setActive: (active: boolean) => void;
  clear: () => void;
  /**
   * A click (or Enter) on a cell: answers true when the selection took it, false when the
   * caller should open the cell's editor as before.
   */
  click: (position: CellPosition, modifiers: CellModifiers) => boolean;
  /** A mouse button went down on a cell: a drag may start. */
  pointerDown: (position: CellPosition, modifiers: CellModifiers) => void;
  /** The pointer entered a cell. */
  pointerEnter: (position: CellPosition) => void;
};

/**
 * The calendar's cell selection. Outside selection mode a click opens the editor as it always
 * did; a shift-click, a ctrl/⌘-click or a drag across cells enters the mode. In it a click
 * toggles a cell, a shift-click selects the rectangle from the last clicked cell, a drag selects
 * the rectangle it covers. Esc clears. Phones turn the mode on with «Выбрать» and tap cells.
 */
export function useCellSelection(
  employees: readonly CalendarEmployee[],
  days: readonly MonthDay[],
): CellSelection {
  const [active, setActive] = useState(false);
  const [rawSelected, setSelected] = useState<Set<string>>(() => new Set());
  const anchor = useRef<CellPosition | null>(null);
  const drag = useRef<{ start: CellPosition; base: Set<string>; moved: boolean } | null>(null);
  const swallowClick = useRef(false);

  const employeeIds = useMemo(() => employees.map((employee) => employee.employeeId), [employees]);
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  // Cells that left the screen (another month, a filter, a dismissal) are no longer selected.
  const selected = useMemo(
    () => keepVisible(rawSelected, employeeIds, dates),
    [rawSelected, employeeIds, dates],
  );
  const datesByEmployee = useMemo(() => selectedDatesByEmployee(selected), [selected]);

  const clear = useCallback(() => {
    setSelected(new Set());
    setActive(false);
    anchor.current = null;
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Esc in a dialog or a dropdown closes that, not the selection under it.
      const target = event.target as Element | null;
      if (
        target?.closest?.(
          '.ant-modal-root, .ant-modal-wrap, .ant-dropdown, .ant-picker-dropdown, .ant-select-dropdown',
        )
      )
        return;
      clear();
    };
    const onUp = () => {
      if (drag.current?.moved) swallowClick.current = true;
      drag.current = null;
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerup', onUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerup', onUp);
    };
  }, [clear]);

  const click = useCallback(
    (position: CellPosition, modifiers: CellModifiers): boolean => {
      if (swallowClick.current) {
        // The click that ends a drag: the drag already selected.
        swallowClick.current = false;
        return true;
      }
      if (modifiers.shiftKey && anchor.current) {
        const keys = rectangleKeys(anchor.current, position, employeeIds, dates);
        setSelected((current) => new Set([...current, ...keys]));
        setActive(true);
        return true;
      }
      if (active || modifiers.shiftKey || modifiers.toggleKey) {
        const [key] = rectangleKeys(position, position, employeeIds, dates);
        if (key) setSelected((current) => toggleKey(current, key));
        anchor.current = position;
        setActive(true);
        return true;
      }
      return false;
    },
    [active, employeeIds, dates],
  );

  const pointerDown = useCallback(
    (position: CellPosition, modifiers: CellModifiers) => {
      swallowClick.current = false;
      drag.current = {
        start: position,
        // Shift or ctrl keeps what is selected and adds the rectangle.
        base: modifiers.shiftKey || modifiers.toggleKey ? new Set(selected) : new Set(),
        moved: false,
      };
    },
    [selected],
  );

  const pointerEnter = useCallback(
    (position: CellPosition) => {
      const current = drag.current;
      if (!current) return;
      if (
        !current.moved &&
        current.start.row === position.row &&
        current.start.col === position.col
      )
        return;
      current.moved = true;
      anchor.current = current.start;
      const keys = rectangleKeys(current.start, position, employeeIds, dates);
      setSelected(new Set([...current.base, ...keys]));
      setActive(true);
    },
    [employeeIds, dates],
  );

  return { active, selected, datesByEmployee, setActive, clear, click, pointerDown, pointerEnter };
}
