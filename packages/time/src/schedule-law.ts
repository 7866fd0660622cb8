/**
 * What the Labour Code says about a schedule's hours, as warnings: a company may still save such a
 * schedule (summarized accounting, art. 104, balances the hours over a longer period), but it
 * should see what it is doing. The rules, in docs/LABOUR-RULES.md («Графики и норма времени»):
 * - a week of FIXED, NIGHT or FLEX over 40 hours (art. 91);
 * - a shift of more than 12 hours of work, the usual limit of shift work (art. 94 limits shifts
 *   further for some employees);
 * - NIGHT shifts that make a full 40-hour week: the night shift is one hour shorter without making
 *   it up (art. 96), unless the employee was hired for night work or a collective agreement
 *   equalizes night and day shifts.
 * DYNAMIC cycles are not checked week by week: shift work is balanced over the accounting period.
 * Hours are work: the span minus its unpaid break.
 */
import { wallSpanMinutes } from './dates.ts';
import type { ScheduleDefinition } from './schedule-definition.ts';

/** Art. 91: normal working time is at most 40 hours a week. */
export const NORMAL_WEEK_MINUTES = 40 * 60;
/** The usual longest shift of shift work. */
export const LONG_SHIFT_MINUTES = 12 * 60;

export type ScheduleLawWarningCode = 'WEEK_OVER_NORM' | 'LONG_SHIFT' | 'NIGHT_NOT_SHORTENED';

export interface ScheduleLawWarning {
  code: ScheduleLawWarningCode;
  /** Plain Russian, for the schedule form. */
  message: string;
}

const SUMMARIZED = 'Сохранить можно, если в компании суммированный учёт рабочего времени.';

/** «45 ч», «41 ч 30 мин». */
function hoursText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} мин`;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

type SpanDay = { working: boolean; start: string; end: string; breakMinutes: number };

/** Minutes of work of a span day: its length minus the break, 0 for a rest day. */
function workMinutes(day: SpanDay): number {
  if (!day.working) return 0;
  return Math.max(0, wallSpanMinutes(day.start, day.end) - day.breakMinutes);
}

/** The minutes of each working day (or cycle day) of a definition. */
function dayMinutes(definition: ScheduleDefinition): number[] {
  switch (definition.type) {
    case 'FIXED':
    case 'NIGHT':
      return definition.days.map(workMinutes);
    case 'FLEX':
      return definition.days.map((day) => (day.working ? day.requiredMinutes : 0));
    case 'DYNAMIC':
      return definition.cycle.map(workMinutes);
  }
}

/** The warnings of a valid schedule definition, in the order the form shows them; none: lawful. */
export function scheduleLawWarnings(definition: ScheduleDefinition): ScheduleLawWarning[] {
  const warnings: ScheduleLawWarning[] = [];
  const minutes = dayMinutes(definition);
  const week = definition.type === 'DYNAMIC' ? null : minutes.reduce((sum, m) => sum + m, 0);

  if (week !== null && week > NORMAL_WEEK_MINUTES) {
    const what = definition.type === 'FLEX' ? 'Норма недели' : 'Рабочая неделя';
    warnings.push({
      code: 'WEEK_OVER_NORM',
      message: `${what} — ${hoursText(week)}: больше 40 ч, установленных статьёй 91 ТК РФ. ${SUMMARIZED}`,
    });
  }

  const longest = Math.max(0, ...minutes);
  if (longest > LONG_SHIFT_MINUTES) {
    warnings.push({
      code: 'LONG_SHIFT',
      message:
        `Смена — ${hoursText(longest)}: дольше 12 ч, обычного предела для сменной работы. ` +
        'Такие смены допустимы, только если их разрешают правила для этой работы; ' +
        'для несовершеннолетних, инвалидов и занятых на вредных работах смену ограничивает ' +
        'статья 94 ТК РФ.',
    });
  }

  if (definition.type === 'NIGHT' && week !== null && week >= NORMAL_WEEK_MINUTES) {
    warnings.push({
      code: 'NIGHT_NOT_SHORTENED',
      message:
        `Ночные смены — ${hoursText(week)} в неделю, не меньше полной дневной недели в 40 ч. ` +
        'По статье 96 ТК РФ ночная смена на час короче дневной без отработки; ' +
        'без сокращения можно, если работник принят специально для работы ночью ' +
        'или коллективный договор уравнивает ночные смены с дневными.',
    });
  }

  return warnings;
}
