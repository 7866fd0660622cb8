/**
 * Selection of calendar cells (employee × date) for bulk actions, as pure functions over the
 * grid's row and column indexes: a click toggles one cell, a shift-click or a drag selects the
 * rectangle between the anchor and the cell. Keys are `employeeId|date`.
 */

export type CellPosition = { row: number; col: number };
export type SelectedCell = { employeeId: number; date: string };

export function cellKey(employeeId: number, date: string): string {
  return `${employeeId}|${date}`;
}

export function parseCellKey(key: string): SelectedCell {
  const [id, date] = key.split('|');
  return { employeeId: Number(id), date: date ?? '' };
}

/** The keys of every cell in the rectangle between two positions, both corners included. */
export function rectangleKeys(
  from: CellPosition,
  to: CellPosition,
  employeeIds: readonly number[],
  dates: readonly string[],
): string[] {
  const keys: string[] = [];
  const [top, bottom] = from.row <= to.row ? [from.row, to.row] : [to.row, from.row];
  const [left, right] = from.col <= to.col ? [from.col, to.col] : [to.col, from.col];
  for (let row = top; row <= bottom; row++) {
    const employeeId = employeeIds[row];
    if (employeeId === undefined) continue;
    for (let col = left; col <= right; col++) {
      const date = dates[col];
      if (date !== undefined) keys.push(cellKey(employeeId, date));
    }
  }
  return keys;
}

/** One cell added or, when already there, removed. */
export function toggleKey(selection: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selection);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** The selection as cells for the API, by employee then date. */
export function selectedCells(selection: ReadonlySet<string>): SelectedCell[] {
  return [...selection]
    .map(parseCellKey)
    .sort((a, b) => a.employeeId - b.employeeId || a.date.localeCompare(b.date));
}

/** Each employee's selected dates joined by commas (a primitive, so unchanged rows skip rendering). */
export function selectedDatesByEmployee(selection: ReadonlySet<string>): Map<number, string> {
  const byEmployee = new Map<number, string[]>();
  for (const key of selection) {
    const { employeeId, date } = parseCellKey(key);
    const dates = byEmployee.get(employeeId);
    if (dates) dates.push(date);
    else byEmployee.set(employeeId, [date]);
  }
  return new Map([...byEmployee].map(([id, dates]) => [id, dates.sort().join(',')]));
}

/** Keeps only cells still on screen (after a refetch, a filter or a new month). */
export function keepVisible(
  selection: ReadonlySet<string>,
  employeeIds: readonly number[],
  dates: readonly string[],
): Set<string> {
  const ids = new Set(employeeIds);
  const shown = new Set(dates);
  const next = new Set<string>();
  for (const key of selection) {
    const { employeeId, date } = parseCellKey(key);
    if (ids.has(employeeId) && shown.has(date)) next.add(key);
  }
  return next.size === selection.size ? (selection as Set<string>) : next;
}

const DAY_MS = 864e5;

function utc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Monday of the date's week. */
export function weekStartOf(date: string): string {
  const ms = utc(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return iso(ms - weekday * DAY_MS);
}

/**
 * The weeks of a month a week may be copied from (Mondays, the month's first partial week
 * starting before it), keeping only those with at least one full week after them up to `until`.
 */
export function copyableWeeks(from: string, until: string): string[] {
  const weeks: string[] = [];
  for (let ms = utc(weekStartOf(from)); ms + 7 * DAY_MS <= utc(until); ms += 7 * DAY_MS)
    weeks.push(iso(ms));
  return weeks;
}

function plural(count: number, [one, few, many]: readonly [string, string, string]): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  return mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14) ? few : many;
}

/** «5 ячеек», «1 ячейка», «3 ячейки». */
export function cellsLabel(count: number): string {
  return `${count} ${plural(count, ['ячейка', 'ячейки', 'ячеек'])}`;
}

/** «у 1 сотрудника», «у 5 сотрудников». */
export function ofEmployeesLabel(count: number): string {
  return `у ${count} ${plural(count, ['сотрудника', 'сотрудников', 'сотрудников'])}`;
}
