import { dayOffTypeLabels, type DayOffType, type DayPlan } from '@smena/contract';

/** One colour family of the grid and its legend. */
export type CellTone =
  'work' | 'rest' | 'holiday' | 'vacation' | 'sick' | 'timeoff' | 'weekend' | 'none';

export type CellView = {
  tone: CellTone;
  /** Short text inside the cell («08–20», «Отп»), empty for rest and no schedule. */
  label: string;
  /** Full description for the tooltip and screen readers. */
  description: string;
  /** A manager placed or removed the shifts of this date (roster). */
  override: boolean;
};

const DAY_OFF_TONE: Record<DayOffType, CellTone> = {
  VACATION: 'vacation',
  SICKLEAVE: 'sick',
  DISMISSED: 'timeoff',
  WEEKEND: 'weekend',
  HOLIDAY: 'holiday',
};

const DAY_OFF_SHORT: Record<DayOffType, string> = {
  VACATION: 'Отп',
  SICKLEAVE: 'Бол',
  DISMISSED: 'Отг',
  WEEKEND: 'Вых',
  HOLIDAY: 'Пр',
};

/** The legend, in the order people read it. */
export const LEGEND: { tone: CellTone; label: string }[] = [
  { tone: 'work', label: 'Смена' },
  { tone: 'rest', label: 'Выходной по графику' },
  { tone: 'holiday', label: 'Праздник' },
  { tone: 'vacation', label: dayOffTypeLabels.VACATION },
  { tone: 'sick', label: dayOffTypeLabels.SICKLEAVE },
  { tone: 'timeoff', label: dayOffTypeLabels.DISMISSED },
  { tone: 'weekend', label: `${dayOffTypeLabels.WEEKEND} (отсутствие)` },
  { tone: 'none', label: 'Нет графика' },
];

/** `HH:mm` of an instant written with the branch's offset (`2026-11-02T08:00:00+03:00`). */
export function wallTime(instant: string): string {
  const match = /T(\d{2}):(\d{2})/.exec(instant);
  return match ? `${match[1]}:${match[2]}` : '';
}

/** «08» for a whole hour, «08:30» otherwise. */
function compact(time: string): string {
  return time.endsWith(':00') ? time.slice(0, 2) : time;
}

/** «7 ч 45 мин». */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours && rest) return `${hours} ч ${rest} мин`;
  if (hours) return `${hours} ч`;
  return `${rest} мин`;
}

/** What a cell of the grid shows for an employee's plan of a date. */
export function cellView(plan: DayPlan | undefined): CellView {
  if (!plan) return { tone: 'none', label: '', description: 'Нет данных', override: false };
  const override = plan.rosterOverride;
  const suffix = override ? ' · изменено вручную' : '';
  switch (plan.kind) {
    case 'WORK': {
      const [first] = plan.shifts;
      if (!first) {
        const minutes = plan.flex?.requiredMinutes ?? 0;
        return {
          tone: 'work',
          label: minutes ? `${Math.round((minutes / 60) * 10) / 10} ч` : 'Раб',
          description: `Гибкий день${minutes ? `: ${formatMinutes(minutes)}` : ''}${suffix}`,
          override,
        };
      }
      const start = wallTime(first.start);
      const end = wallTime(first.end);
      const more = plan.shifts.length > 1 ? ` +${plan.shifts.length - 1}` : '';
      const times = plan.shifts
        .map((shift) => {
          const pause = shift.breakMinutes ? `, перерыв ${shift.breakMinutes} мин` : '';
          return `${wallTime(shift.start)}–${wallTime(shift.end)}${pause}`;
        })
        .join('; ');
      const total = plan.shifts.reduce((sum, shift) => sum + shift.plannedMinutes, 0);
      return {
        tone: 'work',
        label: `${compact(start)}–${compact(end)}${more}`,
        description: `Смена ${times} (${formatMinutes(total)})${plan.shortened ? ', сокращённый день' : ''}${suffix}`,
        override,
      };
    }
    case 'REST':
      return { tone: 'rest', label: '', description: `Выходной по графику${suffix}`, override };
    case 'HOLIDAY':
      return { tone: 'holiday', label: 'Пр', description: 'Праздник', override };
    case 'DAY_OFF': {
      const type = plan.dayOffType ?? 'WEEKEND';
      return {
        tone: DAY_OFF_TONE[type],
        label: DAY_OFF_SHORT[type],
        description: dayOffTypeLabels[type],
        override,
      };
    }
    case 'NO_SCHEDULE':
      return { tone: 'none', label: '', description: 'Нет графика', override };
  }
}
