import { z } from 'zod';
import './zod-setup.ts';
import { planViolationCodes } from './plan-violation-codes.ts';

// ---------- Labour Code checks of the plan (decision 026) ----------
// Apart from calendar.ts: the error answer (common.ts) carries them when a hard stop refuses a
// roster change, and common.ts must not import the calendar.

export const PlanViolationCodeSchema = z.enum(planViolationCodes);
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
