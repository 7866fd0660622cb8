import type { DayPlan } from '@smena/contract';

const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'] as const;

/** «2026-12-01, вт». */
export function dateLabel(date: string): string {
  return `${date}, ${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]}`;
}

/** «10:00–16:00, перерыв 30 мин». */
export function timeLabel(shift: { start: string; end: string; breakMinutes: number }): string {
  const span = `${shift.start}–${shift.end}`;
  return shift.breakMinutes > 0 ? `${span}, перерыв ${shift.breakMinutes} мин` : span;
}

export type OwnShift = { date: string; start: string; end: string; breakMinutes: number };

/**
 * The working shifts of day plans as wall times (an instant carries the branch's offset: its wall
 * time is the text after the date), the way the roster and a hand-over name them.
 */
export function ownShifts(days: readonly DayPlan[]): OwnShift[] {
  return days.flatMap((day) =>
    day.kind === 'WORK'
      ? day.shifts.map((shift) => ({
          date: day.date,
          start: shift.start.slice(11, 16),
          end: shift.end.slice(11, 16),
          breakMinutes: shift.breakMinutes,
        }))
      : [],
  );
}
