// No zod here: the calendar page marks violations on its first render, and a module that builds
// schemas would bring zod into the page's first load. The schemas are in plan-violations.ts.

/** What a planned month breaks, each with its article of the Labour Code (ТК РФ). */
export const planViolationCodes = [
  'WEEKLY_REST',
  'SHIFTS_IN_A_ROW',
  'LONG_SHIFT',
  'OVER_MONTH_NORM',
  'OVERTIME_TWO_DAYS',
  'OVERTIME_YEAR',
] as const;
export type PlanViolationCode = (typeof planViolationCodes)[number];

export const planViolationCodeLabels: Record<PlanViolationCode, string> = {
  WEEKLY_REST: 'Еженедельный отдых меньше 42 ч',
  SHIFTS_IN_A_ROW: 'Две смены подряд',
  LONG_SHIFT: 'Смена длиннее 12 ч',
  OVER_MONTH_NORM: 'Больше нормы месяца',
  OVERTIME_TWO_DAYS: 'Сверхурочные больше 4 ч за два дня',
  OVERTIME_YEAR: 'Сверхурочные больше 120 ч в год',
};

/** «ст. 110 ТК РФ: …» — how a person reads one violation in a warning or a refusal. */
export function planViolationText(violation: { article: string; message: string }): string {
  return `ст. ${violation.article} ТК РФ: ${violation.message}`;
}
