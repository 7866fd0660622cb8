import {
  checkSourceLabels,
  dayOffTypeLabels,
  type Check,
  type CheckHistoryEntry,
  type CheckSource,
  type DayPlan,
} from '@smena/contract';
import { weekdayIndex } from '@smena/time';
import { formatDuration } from '../../lib/durations.ts';
import { dateOf, timeOf } from '../../lib/zoned-instants.ts';

const WEEKDAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;

/** «пн» … «вс» of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): string {
  return WEEKDAYS[weekdayIndex(date)] ?? '';
}

/** The wall time written in a plan's ISO instant (it carries the branch's offset). */
const wallOf = (iso: string) => iso.slice(11, 16);

/** A short line for a date's plan: «09:00–18:00», «Выходной», «Отпуск», «Праздник». */
export function planSummary(plan: DayPlan | undefined): string {
  if (!plan) return '';
  switch (plan.kind) {
    case 'WORK': {
      if (plan.flex) {
        const window = `${wallOf(plan.flex.window.start)}–${wallOf(plan.flex.window.end)}`;
        return `Свободный график: ${formatDuration(plan.flex.requiredMinutes)}, ${window}`;
      }
      return plan.shifts.map((shift) => `${wallOf(shift.start)}–${wallOf(shift.end)}`).join(', ');
    }
    case 'REST':
      return 'Выходной';
    case 'DAY_OFF':
      return plan.dayOffType ? dayOffTypeLabels[plan.dayOffType] : 'Отсутствие';
    case 'HOLIDAY':
      return 'Праздник';
    case 'NO_SCHEDULE':
      return 'Нет графика';
  }
}

/** Today's plan for the employee's home: a title and the details under it. */
export function todayPlanText(plan: DayPlan | undefined): { title: string; detail?: string } {
  if (!plan) return { title: 'Смена на сегодня не загрузилась' };
  switch (plan.kind) {
    case 'WORK': {
      const planned = plan.shifts.reduce((sum, shift) => sum + shift.plannedMinutes, 0);
      const breaks = plan.shifts.reduce((sum, shift) => sum + shift.breakMinutes, 0);
      const notes = [
        plan.flex ? `отработать ${formatDuration(plan.flex.requiredMinutes)}` : null,
        plan.flex?.core
          ? `обязательное время ${wallOf(plan.flex.core.start)}–${wallOf(plan.flex.core.end)}`
          : null,
        !plan.flex && breaks > 0 ? `перерыв ${formatDuration(breaks)}` : null,
        !plan.flex ? `к работе ${formatDuration(planned)}` : null,
        plan.shortened ? 'предпраздничный день, на час короче' : null,
      ].filter(Boolean);
      const hours = plan.flex
        ? `${wallOf(plan.flex.window.start)}–${wallOf(plan.flex.window.end)}`
        : plan.shifts.map((shift) => `${wallOf(shift.start)}–${wallOf(shift.end)}`).join(', ');
      return {
        title: plan.flex ? `Свободный график, ${hours}` : `Смена ${hours}`,
        detail: notes.join(' · '),
      };
    }
    case 'REST':
      return { title: 'Сегодня выходной', detail: 'По графику смены сегодня нет.' };
    case 'DAY_OFF': {
      const type = plan.dayOffType ? dayOffTypeLabels[plan.dayOffType] : 'Отсутствие';
      return { title: `Сегодня: ${type.toLowerCase()}`, detail: 'Отмечаться сегодня не нужно.' };
    }
    case 'HOLIDAY':
      return {
        title: 'Сегодня праздник',
        detail: 'Нерабочий день по производственному календарю.',
      };
    case 'NO_SCHEDULE':
      return {
        title: 'График не назначен',
        detail: 'Отметиться можно и без графика; назначит его руководитель.',
      };
  }
}

/** A check's check-out for lists: the time, «на месте» or the server's «не отмечен уход». */
export function checkOutText(
  check: Pick<Check, 'checkOutDateTime' | 'autoClosed'>,
  timezone: string,
): { time: string | null; note: string | null } {
  if (!check.checkOutDateTime) return { time: null, note: 'на месте' };
  const time = timeOf(check.checkOutDateTime, timezone);
  return { time, note: check.autoClosed ? 'не отмечен уход' : null };
}

/** «С телефона, 35 м от филиала»; «Киоск (QR), Планшет у входа» — a kiosk's punch names the device. */
export function sourceText(
  check: Pick<Check, 'source' | 'checkInLocation'> & Partial<Pick<Check, 'device'>>,
): string {
  const label = checkSourceLabels[check.source];
  if ((check.source === 'KIOSK_QR' || check.source === 'KIOSK_PIN') && check.device) {
    return `${label}, ${check.device}`;
  }
  const distance = check.checkInLocation?.distance;
  return distance === null || distance === undefined
    ? label
    : `${label}, ${Math.round(distance)} м от филиала`;
}

export const historyActionLabels: Record<CheckHistoryEntry['action'], string> = {
  CREATE: 'Отметка создана',
  UPDATE: 'Отметка исправлена',
  DELETE: 'Отметка удалена',
  AUTO_CLOSE: 'Уход не отмечен: закрыта автоматически',
};

/**
 * Who made a change: a person by name, else the server (auto-close), the key or terminal of an
 * API or terminal check, or a person whose profile has no name.
 */
export function historyAuthor(
  entry: Pick<CheckHistoryEntry, 'action' | 'changedByName'>,
  source: CheckSource,
): string {
  const name = entry.changedByName?.trim();
  if (name) return name;
  if (entry.action === 'AUTO_CLOSE') return 'Система';
  if (source === 'API') return 'API-ключ';
  if (source === 'TERMINAL') return 'Терминал';
  return 'Имя не указано в профиле';
}

type Snapshot = {
  branchId?: unknown;
  checkIn?: unknown;
  checkOut?: unknown;
  autoClosed?: unknown;
};

export type HistoryChange = { label: string; before: string | null; after: string | null };

/**
 * The fields of a history entry as lines «Приход: 09:00 → 08:55». Times are in the zone given;
 * the date is added when it differs from the check-in's date. A created or deleted check lists
 * its values on one side only.
 */
export function historyChanges(
  entry: Pick<CheckHistoryEntry, 'before' | 'after'>,
  timezone: string,
  branchTitle: (id: number) => string,
): HistoryChange[] {
  const before = (entry.before ?? null) as Snapshot | null;
  const after = (entry.after ?? null) as Snapshot | null;
  const baseDate = (() => {
    const iso = after?.checkIn ?? before?.checkIn;
    return typeof iso === 'string' ? dateOf(iso, timezone) : null;
  })();
  const instant = (value: unknown, empty: string): string => {
    if (typeof value !== 'string') return empty;
    const date = dateOf(value, timezone);
    const time = timeOf(value, timezone);
    return date === baseDate ? time : `${date} ${time}`;
  };
  const branch = (value: unknown) => (typeof value === 'number' ? branchTitle(value) : '—');
  const fields: { label: string; read: (snapshot: Snapshot) => string }[] = [
    {
      label: 'Дата',
      read: (s) => (typeof s.checkIn === 'string' ? dateOf(s.checkIn, timezone) : '—'),
    },
    { label: 'Приход', read: (s) => instant(s.checkIn, '—') },
    {
      label: 'Уход',
      read: (s) =>
        `${instant(s.checkOut, 'на месте')}${s.autoClosed === true ? ' (не отмечен уход)' : ''}`,
    },
    { label: 'Филиал', read: (s) => branch(s.branchId) },
  ];
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    const was = before ? field.read(before) : null;
    const now = after ? field.read(after) : null;
    if (before && after && was === now) continue;
    if (!before && !after) continue;
    // A created or deleted check: its date shows once in the title, not as a change.
    if (field.label === 'Дата' && (!before || !after)) continue;
    changes.push({ label: field.label, before: was, after: now });
  }
  return changes;
}
