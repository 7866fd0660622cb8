import { z } from 'zod';
import { DateStringSchema, IdSchema, MonthStringSchema, idField } from './common.ts';
import { MonthPeriodUnitKindSchema, exactlyOneUnit } from './month-periods.ts';
import { DayPlanSchema, checkPlanRange } from './schedules.ts';

/**
 * Publication of a month's schedule of a branch or a department (decision 028): a manager edits
 * the month as a draft the employees do not see, «Опубликовать» makes it a numbered version the
 * employees see and acknowledge («Ознакомлен»). Art. 103 of the Labour Code: the schedule is made
 * known at least a month before it takes effect.
 */

const UNIT_MESSAGE = 'Выберите филиал или отдел';

/** A month of one branch or one department: what is published. */
export const SchedulePublicationKeySchema = z
  .object({
    month: MonthStringSchema,
    branchId: idField(UNIT_MESSAGE).optional(),
    departmentId: idField(UNIT_MESSAGE).optional(),
  })
  .strict()
  .superRefine(exactlyOneUnit);
export type SchedulePublicationKey = z.infer<typeof SchedulePublicationKeySchema>;

/** `GET /schedule-publications`: the state of a unit's month. */
export const SchedulePublicationQuerySchema = z
  .object({
    month: MonthStringSchema,
    branchId: IdSchema.optional(),
    departmentId: IdSchema.optional(),
  })
  .superRefine(exactlyOneUnit);
export type SchedulePublicationQuery = z.input<typeof SchedulePublicationQuerySchema>;

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const SchedulePublicationSchema = z.object({
  id: z.number().int(),
  month: z.string(),
  unit: z.object({ kind: MonthPeriodUnitKindSchema, id: z.number().int(), title: z.string() }),
  version: z.number().int(),
  publishedBy: PersonSchema.nullable(),
  publishedAt: z.string(),
  /** Published after the first day of the previous month (art. 103). */
  late: z.boolean(),
  /** Employees in the version, and those whose days it changed (all of them in version 1). */
  employees: z.number().int(),
  changedEmployees: z.number().int(),
  /** Of the version's employees, those who acknowledged their days. */
  acknowledged: z.number().int(),
});
export type SchedulePublication = z.infer<typeof SchedulePublicationSchema>;

/** An employee whose draft differs from the last published version: the dates. */
export const ScheduleDraftChangeSchema = z.object({
  employeeId: z.number().int(),
  dates: z.array(z.string()),
});
export type ScheduleDraftChange = z.infer<typeof ScheduleDraftChangeSchema>;

export const SchedulePublicationStateSchema = z.object({
  /** The company's «Публикация графика» setting. */
  enabled: z.boolean(),
  month: z.string(),
  unit: z.object({ kind: MonthPeriodUnitKindSchema, id: z.number().int(), title: z.string() }),
  /** The last date to publish on time: the first day of the previous month (art. 103). */
  deadline: z.string(),
  /** Publishing today would be late. */
  lateNow: z.boolean(),
  /** Employees of the unit now. */
  employees: z.number().int(),
  /** Newest first; the first is the one in force. */
  versions: z.array(SchedulePublicationSchema),
  /** The draft against the last version (every employee and date before the first one). */
  changes: z.array(ScheduleDraftChangeSchema),
  changedDays: z.number().int(),
});
export type SchedulePublicationState = z.infer<typeof SchedulePublicationStateSchema>;

export const SchedulePublicationEmployeeSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  days: z.array(DayPlanSchema),
  changedDates: z.array(z.string()),
  acknowledgedAt: z.string().nullable(),
});
export type SchedulePublicationEmployee = z.infer<typeof SchedulePublicationEmployeeSchema>;

/** `GET /schedule-publications/:id`: a version as published, with who acknowledged it. */
export const SchedulePublicationDetailsSchema = z.object({
  publication: SchedulePublicationSchema,
  employees: z.array(SchedulePublicationEmployeeSchema),
});
export type SchedulePublicationDetails = z.infer<typeof SchedulePublicationDetailsSchema>;

// ---------- The employee's published schedule ----------

export const MyScheduleQuerySchema = z
  .object({ from: DateStringSchema, to: DateStringSchema })
  .superRefine(checkPlanRange);
export type MyScheduleQuery = z.infer<typeof MyScheduleQuerySchema>;

/** A month of the employee's range: its published version touching them, if any. */
export const MyScheduleMonthSchema = z.object({
  month: z.string(),
  publicationId: z.number().int().nullable(),
  version: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  /** The dates the version changed for the employee (all of the month in a first one). */
  changedDates: z.array(z.string()),
  acknowledgedAt: z.string().nullable(),
});
export type MyScheduleMonth = z.infer<typeof MyScheduleMonthSchema>;

export const MyScheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * The company's «Публикация графика»: on, `days` hold only dates of published months, as
   * published; off, the live plan of every date.
   */
  publication: z.boolean(),
  days: z.array(DayPlanSchema),
  months: z.array(MyScheduleMonthSchema),
});
export type MySchedule = z.infer<typeof MyScheduleSchema>;

export const AcknowledgeScheduleInputSchema = z
  .object({ publicationId: idField('Укажите версию графика') })
  .strict();
export type AcknowledgeScheduleInput = z.infer<typeof AcknowledgeScheduleInputSchema>;

export const schedulePublicationMessages = {
  disabled: 'Публикация графика выключена в настройках компании',
  noEmployees: 'В подразделении нет сотрудников — публиковать нечего',
  noChanges: 'С последней публикации график не менялся',
  concurrent: 'График этого месяца только что опубликовали — обновите страницу',
  notLatest: 'Опубликована новая версия графика — обновите страницу и ознакомьтесь с ней',
} as const;

/** Art. 103: the last on-time date of publishing a month — the first day of the month before. */
export function publicationDeadline(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  const previous =
    number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
  return `${previous}-01`;
}
