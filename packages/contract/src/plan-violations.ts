import { z } from 'zod';
import './zod-setup.ts';

// ---------- Labour Code checks of the plan (decision 026) ----------
// Apart from calendar.ts: the error answer (common.ts) carries them when a hard stop refuses a
// roster change, and common.ts must not import the calendar.

/** What a planned month breaks, each with its article of the Labour Code (ТК РФ). */
export const PlanViolationCodeSchema = z.enum([
  'WEEKLY_REST',
  'SHIFTS_IN_A_ROW',
  'LONG_SHIFT',
  'OVER_MONTH_NORM',
  'OVERTIME_TWO_DAYS',
  'OVERTIME_YEAR',
]);
export type PlanViolationCode = z.infer<typeof PlanViolationCodeSchema>;

export const planViolationCodeLabels: Record<PlanViolationCode, string> = {
  WEEKLY_REST: 'Еженедельный отдых меньше 42 ч',
  SHIFTS_IN_A_ROW: 'Две смены подряд',
  LONG_SHIFT: 'Смена длиннее 12 ч',
  OVER_MONTH_NORM: 'Больше нормы месяца',
  OVERTIME_TWO_DAYS: 'Сверхурочные больше 4 ч за два дня',
  OVERTIME_YEAR: 'Сверхурочные больше 120 ч в год',
};

/** One violation: the article, the dates it concerns (`from`–`to`, both included) and what is wrong. */
export const PlanViolationSchema = z.object({
  code: PlanViolationCodeSchema,
  /** The article's number, e.g. '110'. */
  article: z.string(),
  from: z.string(),
  to: z.string(),
  message: z.string(),
});
export type PlanViolation = z.infer<typeof PlanViolationSchema>;

/**
 * «Проверки ТК РФ при планировании»: a roster change that brings a new violation is saved with a
 * warning (WARN, the default) or refused (BLOCK). Violations already in the plan never block an
 * unrelated change.
 */
export const PlanRuleEnforcementSchema = z.enum(['WARN', 'BLOCK']);
export type PlanRuleEnforcement = z.infer<typeof PlanRuleEnforcementSchema>;
export const planRuleEnforcementLabels: Record<PlanRuleEnforcement, string> = {
  WARN: 'Предупреждать',
  BLOCK: 'Запрещать',
};

/** A violation a roster change brought, with whose plan it is in. */
export const NewPlanViolationSchema = PlanViolationSchema.extend({
  employeeId: z.number().int(),
  name: z.string(),
});
export type NewPlanViolation = z.infer<typeof NewPlanViolationSchema>;

/** «ст. 110 ТК РФ: …» — how a person reads one violation in a warning or a refusal. */
export function planViolationText(violation: { article: string; message: string }): string {
  return `ст. ${violation.article} ТК РФ: ${violation.message}`;
}
