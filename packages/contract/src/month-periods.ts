import { z } from 'zod';
import { IdSchema, MonthStringSchema, idField } from './common.ts';

/**
 * The approval of a month for a branch or a department (decision 022): «Черновик» → «Передан на
 * утверждение» (a manager of the unit or an admin) → «Утверждён» (an admin). An approved month is
 * locked: every write that changes attendance of its dates answers 409 `PERIOD_LOCKED`.
 */
export const MonthPeriodStatusSchema = z.enum(['DRAFT', 'SUBMITTED', 'APPROVED']);
export type MonthPeriodStatus = z.infer<typeof MonthPeriodStatusSchema>;

export const monthPeriodStatusLabels: Record<MonthPeriodStatus, string> = {
  DRAFT: 'Черновик',
  SUBMITTED: 'Передан на утверждение',
  APPROVED: 'Утверждён',
};

export const MonthPeriodUnitKindSchema = z.enum(['BRANCH', 'DEPARTMENT']);
export type MonthPeriodUnitKind = z.infer<typeof MonthPeriodUnitKindSchema>;

const UNIT_MESSAGE = 'Выберите филиал или отдел';

export function exactlyOneUnit(
  value: { branchId?: number | undefined; departmentId?: number | undefined },
  context: z.RefinementCtx,
) {
  if ((value.branchId === undefined) === (value.departmentId === undefined)) {
    context.addIssue({ code: 'custom', path: ['branchId'], message: UNIT_MESSAGE });
  }
}

/** A month of one branch or one department: exactly one of the two ids. */
export const MonthPeriodKeySchema = z
  .object({
    month: MonthStringSchema,
    branchId: idField(UNIT_MESSAGE).optional(),
    departmentId: idField(UNIT_MESSAGE).optional(),
  })
  .strict()
  .superRefine(exactlyOneUnit);
export type MonthPeriodKey = z.infer<typeof MonthPeriodKeySchema>;

/** An admin reopens an approved (or submitted) month; the reason is required and audited. */
export const ReopenMonthPeriodInputSchema = z
  .object({
    month: MonthStringSchema,
    branchId: idField(UNIT_MESSAGE).optional(),
    departmentId: idField(UNIT_MESSAGE).optional(),
    reason: z
      .string({ error: 'Укажите причину' })
      .trim()
      .min(3, 'Укажите причину')
      .max(500, 'Не длиннее 500 символов'),
  })
  .strict()
  .superRefine(exactlyOneUnit);
export type ReopenMonthPeriodInput = z.input<typeof ReopenMonthPeriodInputSchema>;

/** The periods of a month: every branch and department the caller manages, or the one asked. */
export const ListMonthPeriodsQuerySchema = z.object({
  month: MonthStringSchema,
  branchId: IdSchema.optional(),
  departmentId: IdSchema.optional(),
});
export type ListMonthPeriodsQuery = z.input<typeof ListMonthPeriodsQuerySchema>;

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const MonthPeriodSchema = z.object({
  month: z.string(),
  unit: z.object({ kind: MonthPeriodUnitKindSchema, id: z.number().int(), title: z.string() }),
  status: MonthPeriodStatusSchema,
  submittedBy: PersonSchema.nullable(),
  submittedAt: z.string().nullable(),
  approvedBy: PersonSchema.nullable(),
  approvedAt: z.string().nullable(),
  reopenedBy: PersonSchema.nullable(),
  reopenedAt: z.string().nullable(),
  reopenReason: z.string().nullable(),
});
export type MonthPeriod = z.infer<typeof MonthPeriodSchema>;

export const MonthPeriodsSchema = z.object({
  month: z.string(),
  items: z.array(MonthPeriodSchema),
});
export type MonthPeriods = z.infer<typeof MonthPeriodsSchema>;

/** The per-item refusal message of a batch and the message of a 409 `PERIOD_LOCKED`. */
export function periodLockedMessage(month: string): string {
  return `Месяц ${month} утверждён и закрыт для изменений. Изменить его можно после того, как администратор откроет месяц заново`;
}
