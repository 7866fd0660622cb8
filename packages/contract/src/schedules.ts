import { z } from 'zod';
import './zod-setup.ts';
import { BodyIdSchema, DateStringSchema, SentInstantSchema, idField, pageOf } from './common.ts';
import { ScheduleDefinitionSchema } from './schedule-definition.ts';
import { SortOrderSchema, StructureListQuerySchema } from './structure.ts';
import { DayOffTypeSchema, ScheduleTypeSchema } from './work-time.ts';

/** The longest range one plan or calendar request may ask for. */
export const MAX_PLAN_DAYS = 62;

const ScheduleTitleSchema = z
  .string({ error: 'Введите название' })
  .trim()
  .min(1, 'Введите название')
  .max(200, 'Не длиннее 200 символов');

/** `#RRGGBB`, the colour of the schedule in lists and the calendar. */
export const ScheduleColorSchema = z
  .string({ error: 'Выберите цвет' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'Цвет в формате #RRGGBB')
  .transform((value) => value.toLowerCase());

export const DEFAULT_SCHEDULE_COLOR = '#1677ff';

/**
 * «Суммированный учёт рабочего времени» (art. 104 ТК РФ): the accounting period whose norm the
 * hours are counted against; null — ordinary daily and weekly accounting. Decision 030.
 */
export const AccountingPeriodSchema = z.enum(['MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR'], {
  error: 'Выберите учётный период',
});
export type AccountingPeriod = z.infer<typeof AccountingPeriodSchema>;

export const ACCOUNTING_PERIOD_LABELS: Record<AccountingPeriod, string> = {
  MONTH: 'Месяц',
  QUARTER: 'Квартал',
  HALF_YEAR: 'Полугодие',
  YEAR: 'Год',
};

export const ScheduleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: ScheduleTypeSchema,
  definition: ScheduleDefinitionSchema,
  color: z.string(),
  /** Summarized accounting's period (art. 104); null — ordinary accounting. */
  accountingPeriod: AccountingPeriodSchema.nullable(),
  /** Employees whose current assignment (effective today or earlier) is this schedule. */
  employeeCount: z.number().int(),
  /**
   * The date `definition` applies from; earlier dates keep the definitions they had
   * (null: it always applied).
   */
  definitionFrom: z.string().nullable(),
  createdAt: z.string(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/** The type comes from `definition.type`. */
export const CreateScheduleInputSchema = z
  .object({
    title: ScheduleTitleSchema,
    definition: ScheduleDefinitionSchema,
    color: ScheduleColorSchema.default(DEFAULT_SCHEDULE_COLOR),
    accountingPeriod: AccountingPeriodSchema.nullable().default(null),
  })
  .strict();
export type CreateScheduleInput = z.input<typeof CreateScheduleInputSchema>;

/**
 * A changed `definition` applies from `effectiveFrom` (default: today in the company's time zone);
 * dates before it keep the definition they had. It may not be earlier than the schedule's last
 * change (`definitionFrom`).
 */
export const UpdateScheduleInputSchema = z
  .object({
    title: ScheduleTitleSchema,
    definition: ScheduleDefinitionSchema,
    color: ScheduleColorSchema,
    accountingPeriod: AccountingPeriodSchema.nullable(),
    effectiveFrom: DateStringSchema,
  })
  .partial()
  .strict()
  .refine((input) => input.effectiveFrom === undefined || input.definition !== undefined, {
    path: ['effectiveFrom'],
    message: 'Дата нужна, только когда меняется расписание графика',
  });
export type UpdateScheduleInput = z.input<typeof UpdateScheduleInputSchema>;

export const ListSchedulesQuerySchema = StructureListQuerySchema.extend({
  type: ScheduleTypeSchema.optional(),
  sort: z.enum(['title', 'type', 'createdAt', 'employeeCount']).default('title'),
  order: SortOrderSchema,
});
export type ListSchedulesQuery = z.infer<typeof ListSchedulesQuerySchema>;
export const SchedulesPageSchema = pageOf(ScheduleSchema);

// ---------- Assignments ----------

/**
 * Gives employees a schedule from a date on (`scheduleId: null` — no schedule from that date).
 * Days before `effectiveFrom` keep the schedule they had; the same employee and date replaces
 * the earlier assignment of that date.
 */
export const AssignScheduleInputSchema = z
  .object({
    employeeIds: z
      .array(BodyIdSchema, { error: 'Выберите сотрудников' })
      .min(1, 'Выберите сотрудников')
      .max(1000, 'Не больше 1000 сотрудников за раз'),
    scheduleId: idField('Выберите график').nullable(),
    effectiveFrom: DateStringSchema,
  })
  .strict();
export type AssignScheduleInput = z.infer<typeof AssignScheduleInputSchema>;

export const AssignScheduleResultSchema = z.object({ assigned: z.number().int() });
export type AssignScheduleResult = z.infer<typeof AssignScheduleResultSchema>;

export const ScheduleAssignmentSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  scheduleId: z.number().int().nullable(),
  scheduleTitle: z.string().nullable(),
  scheduleType: ScheduleTypeSchema.nullable(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
});
export type ScheduleAssignment = z.infer<typeof ScheduleAssignmentSchema>;

/** An employee's schedule history, the latest first. */
export const ScheduleAssignmentListSchema = z.object({
  items: z.array(ScheduleAssignmentSchema),
});
export type ScheduleAssignmentList = z.infer<typeof ScheduleAssignmentListSchema>;

// ---------- Day plans ----------

export const DayPlanKindSchema = z.enum(['WORK', 'REST', 'DAY_OFF', 'HOLIDAY', 'NO_SCHEDULE']);
export type DayPlanKind = z.infer<typeof DayPlanKindSchema>;

export const dayPlanKindLabels: Record<DayPlanKind, string> = {
  WORK: 'Рабочий день',
  REST: 'Выходной',
  DAY_OFF: 'Отсутствие',
  HOLIDAY: 'Праздник',
  NO_SCHEDULE: 'Нет графика',
};

/** An interval: ISO 8601 instants with the branch's offset, start included, end excluded. */
export const TimeSpanSchema = z.object({ start: SentInstantSchema, end: SentInstantSchema });
export type TimeSpan = z.infer<typeof TimeSpanSchema>;

export const PlannedShiftSchema = TimeSpanSchema.extend({
  /** Unpaid break inside the shift. */
  breakMinutes: z.number().int(),
  /** Minutes to work: elapsed minutes minus the break (FLEX: the required minutes). */
  plannedMinutes: z.number().int(),
});
export type PlannedShift = z.infer<typeof PlannedShiftSchema>;

/** A FLEX day: work counts inside `window`; `core` is the time everyone is present. */
export const FlexPlanSchema = z.object({
  requiredMinutes: z.number().int(),
  window: TimeSpanSchema,
  core: TimeSpanSchema.optional(),
});

/**
 * What an employee's date is: WORK with its shifts (a shift belongs to the date it starts on),
 * REST, DAY_OFF of a type (an approved one; `dayOffId` names it), HOLIDAY of the production
 * calendar, or NO_SCHEDULE. `shifts` is empty unless the kind is WORK.
 */
export const DayPlanSchema = z.object({
  date: z.string(),
  kind: DayPlanKindSchema,
  shifts: z.array(PlannedShiftSchema),
  dayOffType: DayOffTypeSchema.optional(),
  dayOffId: z.number().int().optional(),
  flex: FlexPlanSchema.optional(),
  /** A pre-holiday day one hour shorter. */
  shortened: z.boolean(),
  /** The date's shifts were placed by a manager (roster), not taken from the schedule. */
  rosterOverride: z.boolean(),
});
export type DayPlan = z.infer<typeof DayPlanSchema>;

/** A range of dates, both included, at most MAX_PLAN_DAYS long. */
export function checkPlanRange(
  value: { from: string; to: string },
  ctx: z.core.$RefinementCtx,
): void {
  if (value.to < value.from) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'Дата окончания не может быть раньше даты начала',
    });
    return;
  }
  const days =
    (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 864e5;
  if (days + 1 > MAX_PLAN_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `Период не длиннее ${MAX_PLAN_DAYS} дней`,
    });
}

/** A range of dates for a plan, both included, at most 62 days. */
export const PlanQuerySchema = z
  .object({ from: DateStringSchema, to: DateStringSchema })
  .superRefine(checkPlanRange);
export type PlanQuery = z.infer<typeof PlanQuerySchema>;

/** The plan of every date of the range, in order. */
export const EmployeePlanSchema = z.array(DayPlanSchema);
export type EmployeePlan = z.infer<typeof EmployeePlanSchema>;
