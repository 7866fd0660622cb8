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
