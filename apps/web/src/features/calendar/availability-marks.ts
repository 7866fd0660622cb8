import type { AvailabilityKind, AvailabilityMark } from '@smena/contract';

/** How a manager reads a mark: «Сотрудник отметил: не может работать». */
const PHRASES: Record<AvailabilityKind, string> = {
  UNAVAILABLE: 'не может работать',
  PREFER_NOT: 'хотел бы не работать',
};

const NONE: ReadonlyMap<string, AvailabilityMark> = new Map();

/** An employee's availability marks by date (one per date), built once per row. */
export function marksByDate(
  marks: readonly AvailabilityMark[],
): ReadonlyMap<string, AvailabilityMark> {
  if (marks.length === 0) return NONE;
  return new Map(marks.map((mark) => [mark.date, mark]));
}

/** «Сотрудник отметил: не может работать с 10:00 до 14:00 (к врачу)». */
export function markText(mark: AvailabilityMark): string {
  const hours = mark.start && mark.end ? ` с ${mark.start} до ${mark.end}` : '';
  const comment = mark.comment ? ` (${mark.comment})` : '';
  return `Сотрудник отметил: ${PHRASES[mark.kind]}${hours}${comment}`;
}

/** The CSS modifier of a mark's corner on a cell. */
export function markModifier(mark: AvailabilityMark): 'unavailable' | 'prefer-not' {
  return mark.kind === 'UNAVAILABLE' ? 'unavailable' : 'prefer-not';
}

/**
 * Whether a shift of the date (`HH:mm`; an end not after the start runs past midnight) falls on
 * the hours a «Не могу» mark covers — the whole day when it names no hours.
 */
export function shiftMeetsUnavailable(
  mark: AvailabilityMark | undefined,
  start: string,
  end: string,
): boolean {
  if (!mark || mark.kind !== 'UNAVAILABLE') return false;
  if (!mark.start || !mark.end) return true;
  // `HH:mm` strings compare as times; the part after midnight belongs to the next date.
  const shiftEnd = end <= start ? '24:00' : end;
  return start < mark.end && mark.start < shiftEnd;
}

/** A cell a bulk action would put work on, though the employee marked «Не могу». */
export type UnavailableConflict = { employeeId: number; name: string; date: string; text: string };

type MarkedRow = {
  employeeId: number;
  name: string;
  availability: readonly AvailabilityMark[];
  days: readonly {
    date: string;
    kind: string;
    shifts: readonly { start: string; end: string }[];
  }[];
};

/** The selected cells a shift `start`–`end` (`HH:mm`) would put over «Не могу» marks. */
export function shiftConflicts(
  rows: readonly MarkedRow[],
  cells: readonly { employeeId: number; date: string }[],
  start: string,
  end: string,
): UnavailableConflict[] {
  const byId = new Map(rows.map((row) => [row.employeeId, row]));
  const conflicts: UnavailableConflict[] = [];
  for (const cell of cells) {
    const row = byId.get(cell.employeeId);
    const mark = row?.availability.find((item) => item.date === cell.date);
    if (row && mark && shiftMeetsUnavailable(mark, start, end))
      conflicts.push({
        employeeId: row.employeeId,
        name: row.name,
        date: cell.date,
        text: markText(mark),
      });
  }
  return conflicts;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * The dates after the week `weekStart` up to `until` where copying the employees' week would put
 * a shift over a «Не могу» mark (what the grid shows of the week and of the marks).
 */
export function copyWeekConflicts(
  rows: readonly MarkedRow[],
  employeeIds: readonly number[],
  weekStart: string,
  until: string,
): UnavailableConflict[] {
  const wanted = new Set(employeeIds);
  const first = dayNumber(weekStart);
  const conflicts: UnavailableConflict[] = [];
  for (const row of rows) {
    if (!wanted.has(row.employeeId) || row.availability.length === 0) continue;
    const week = new Map(
      row.days
        .filter((day) => dayNumber(day.date) - first >= 0 && dayNumber(day.date) - first < 7)
        .map((day) => [dayNumber(day.date) - first, day]),
    );
    for (const mark of row.availability) {
      const offset = dayNumber(mark.date) - first;
      if (offset < 7 || mark.date > until) continue;
      const source = week.get(offset % 7);
      if (!source || source.kind !== 'WORK') continue;
      const meets = source.shifts.some((shift) =>
        shiftMeetsUnavailable(mark, wallTimeOf(shift.start), wallTimeOf(shift.end)),
      );
      if (meets)
        conflicts.push({
          employeeId: row.employeeId,
          name: row.name,
          date: mark.date,
          text: markText(mark),
        });
    }
  }
  return conflicts.sort(
    (a, b) => a.name.localeCompare(b.name, 'ru') || a.date.localeCompare(b.date),
  );
}

/** `HH:mm` of an instant with the branch's offset (the text after the date). */
function wallTimeOf(instant: string): string {
  return /T(\d{2}:\d{2})/.exec(instant)?.[1] ?? '';
}
