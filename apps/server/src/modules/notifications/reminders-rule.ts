/**
 * Which shift reminders and late alerts fall due, and when. Pure: plans in, instants out.
 *
 * For each planned shift (a FLEX day: its core time; a FLEX day without one has no fixed hours
 * and gets nothing):
 * - `start`: the employee is reminded `startBeforeMinutes` before the start (0: never);
 * - `end`: the employee is reminded `endBeforeMinutes` before the end (0: never) — an overnight
 *   shift's end reminder falls on the next day, and the shift still belongs to its start date;
 * - `late`: at start + `lateToleranceMinutes` the managers hear about an employee with no
 *   check-in since `presenceFromMs` (start − 3 h, or the end of the previous shift if later:
 *   the check of the morning shift does not count for the afternoon one).
 *
 * A reminder's dedupe key names the company, the employee, the type, the shift's start and the
 * due instant: moving the shift or changing a setting produces a new key, so the old job is
 * recognised as stale and cancelled, and the new one is queued.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** An arrival this long before the start counts for the shift (as auto-close-rule.ts). */
export const EARLY_ARRIVAL_MS = 3 * HOUR_MS;
/** Longest shift the engine plans (24 h, plus an hour when the clocks go back). */
const LONGEST_SHIFT_MS = 25 * HOUR_MS;
/** Zone offsets lie within −12 h … +14 h of UTC. */
const MAX_WEST_MS = 12 * HOUR_MS;
const MAX_EAST_MS = 14 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

export type ReminderType = 'start' | 'end' | 'late';

export type ReminderSettings = {
  startBeforeMinutes: number;
  endBeforeMinutes: number;
  lateToleranceMinutes: number;
};

type Span = { start: string; end: string };

/** An employee's day plan: the API's (planning.service) and the engine's both fit. */
export type ReminderDayPlan = {
  date: string;
  kind: string;
  shifts?: readonly Span[];
  flex?: { core?: Span | undefined } | undefined;
};

export type DueReminder = {
  type: ReminderType;
  employeeId: number;
  /** The plan date the shift belongs to (the date it starts on, in the employee's zone). */
  date: string;
  /** The shift (FLEX: the core time): ISO 8601 with the branch's offset. */
  start: string;
  end: string;
  dueMs: number;
  dedupeKey: string;
  /** `late` only: a check-in from this instant on means the employee came. */
  presenceFromMs?: number;
};

/** Every reminder key of a company starts with this (cancelling them all when it opts out). */
export function companyReminderPrefix(companyId: number): string {
  return `reminder:${companyId}:`;
}

/** `reminder:<company>:<employee>:<type>:<shift start>@<due>`, instants in ISO with offset. */
export function reminderKey(
  companyId: number,
  employeeId: number,
  type: ReminderType,
  start: string,
  dueMs: number,
): string {
  return `${companyReminderPrefix(companyId)}${employeeId}:${type}:${start}@${new Date(dueMs).toISOString()}`;
}

/** The spans reminders are about: the shifts of WORK days, a FLEX day's core time. */
function spansOf(day: ReminderDayPlan): Span[] {
  if (day.kind !== 'WORK') return [];
  if (day.flex) return day.flex.core ? [day.flex.core] : [];
  return [...(day.shifts ?? [])];
}

/**
 * The reminders of one employee due in [fromMs, toMs), in the order they fall due. `days` are
 * consecutive plan dates; include the date before the window's first (its overnight shift may
 * end inside the window, and its end bounds the next shift's presence window).
 */
export function dueReminders(input: {
  companyId: number;
  employeeId: number;
  days: readonly ReminderDayPlan[];
  settings: ReminderSettings;
  fromMs: number;
  toMs: number;
}): DueReminder[] {
  const { companyId, employeeId, settings, fromMs, toMs } = input;
  const shifts = input.days
    .flatMap((day) =>
      spansOf(day).map((span) => ({
        date: day.date,
        start: span.start,
        end: span.end,
        startMs: Date.parse(span.start),
        endMs: Date.parse(span.end),
      })),
    )
    .sort((a, b) => a.startMs - b.startMs);

  const due: DueReminder[] = [];
  const add = (
    shift: (typeof shifts)[number],
    type: ReminderType,
    dueMs: number,
    extra: { presenceFromMs?: number } = {},
  ) => {
    if (dueMs < fromMs || dueMs >= toMs) return;
    due.push({
      type,
      employeeId,
      date: shift.date,
      start: shift.start,
      end: shift.end,
      dueMs,
      dedupeKey: reminderKey(companyId, employeeId, type, shift.start, dueMs),
      ...extra,
    });
  };

  shifts.forEach((shift, index) => {
    if (settings.startBeforeMinutes > 0)
      add(shift, 'start', shift.startMs - settings.startBeforeMinutes * MINUTE_MS);
    if (settings.endBeforeMinutes > 0) {
      const dueMs = shift.endMs - settings.endBeforeMinutes * MINUTE_MS;
      // A reminder of the end before the shift began says nothing useful.
      if (dueMs > shift.startMs) add(shift, 'end', dueMs);
    }
    const lateMs = shift.startMs + settings.lateToleranceMinutes * MINUTE_MS;
    if (lateMs < shift.endMs) {
      const previousEndMs = index > 0 ? shifts[index - 1]!.endMs : -Infinity;
      add(shift, 'late', lateMs, {
        presenceFromMs: Math.max(shift.startMs - EARLY_ARRIVAL_MS, previousEndMs),
      });
    }
  });
  return due.sort((a, b) => a.dueMs - b.dueMs);
}

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The plan dates (both included) that hold every shift with a reminder due in
 * [nowMs, nowMs + horizonMs), whatever the employee's zone: a shift starts at most
 * max(lead) after the window and at most a shift's length (or the tolerance) before it, and a
 * zone's date is at most 12 h behind or 14 h ahead of UTC's. The date before the first is
 * included for the presence window of the first shift.
 */
export function planningRange(
  nowMs: number,
  horizonMs: number,
  settings: ReminderSettings,
): { from: string; to: string } {
  const backMs = Math.max(LONGEST_SHIFT_MS, settings.lateToleranceMinutes * MINUTE_MS);
  const leadMs = Math.max(settings.startBeforeMinutes, settings.endBeforeMinutes) * MINUTE_MS;
  return {
    from: utcDate(nowMs - backMs - MAX_WEST_MS - DAY_MS),
    to: utcDate(nowMs + horizonMs + leadMs + MAX_EAST_MS),
  };
}

/** The local wall time of an ISO instant with offset: `2026-01-12T09:00:00+03:00` → `09:00`. */
export function wallTimeOf(iso: string): string {
  return iso.slice(11, 16);
}

/** `09:00–18:00` (the times as the branch's clock shows them). */
export function shiftLabel(start: string, end: string): string {
  return `${wallTimeOf(start)}–${wallTimeOf(end)}`;
}

function plural(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/** «15 минут», «1 минуту», «2 часа», «1 ч 30 мин» — after «Через». */
export function durationPhrase(minutes: number): string {
  if (minutes < 60) return `${minutes} ${plural(minutes, 'минуту', 'минуты', 'минут')}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return `${hours} ${plural(hours, 'час', 'часа', 'часов')}`;
  return `${hours} ч ${rest} мин`;
}

/** What the employee reads; `minutesLeft` is counted at send time. */
export function reminderText(
  type: 'start' | 'end',
  reminder: { start: string; end: string },
  minutesLeft: number,
): { title: string; body: string } {
  const when = `Через ${durationPhrase(minutesLeft)}`;
  const label = shiftLabel(reminder.start, reminder.end);
  return type === 'start'
    ? { title: 'Скоро смена', body: `${when} начинается смена ${label}` }
    : { title: 'Смена заканчивается', body: `${when} заканчивается смена ${label}` };
}

/** «Иванова А.»: the surname and the first name's initial (the name alone when no surname). */
export function shortName(person: { lastName: string; firstName: string }): string {
  const last = person.lastName.trim();
  const first = person.firstName.trim();
  if (!last) return first || 'Сотрудник';
  return first ? `${last} ${first[0]!.toUpperCase()}.` : last;
}

/** What the managers read when an employee has not checked in by start + tolerance. */
export function lateAlertText(
  person: { lastName: string; firstName: string },
  reminder: { start: string },
): { title: string; body: string } {
  return {
    title: 'Нет отметки о приходе',
    body: `${shortName(person)}: смена с ${wallTimeOf(reminder.start)}, отметки пока нет`,
  };
}
