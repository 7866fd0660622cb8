import { z } from 'zod';
import './zod-setup.ts';
import {
  BodyIdSchema,
  DateStringSchema,
  HistoryDateStringSchema,
  IdSchema,
  idField,
} from './common.ts';
import { NewPlanViolationSchema } from './plan-violations.ts';
import { CompanyRoleSchema } from './role-schemas.ts';
import { MAX_ROSTER_SHIFTS, RosterShiftSchema, checkShiftsOverlap } from './schedule-definition.ts';
import { DayOffTypeSchema } from './work-time.ts';

// ---------- Bulk actions (decision 019) ----------

/** At most this many employees in one bulk action (picked one by one or matched by a filter). */
export const MAX_BULK_EMPLOYEES = 1000;
/** At most this many calendar cells (employee × date) in one bulk action. */
export const MAX_BULK_CELLS = 5000;
/** A week is copied at most this far ahead (the calendar shows up to 62 days). */
export const MAX_COPY_WEEK_DAYS = 62;

/** One item a bulk action could not apply, and why (in Russian, for the person). */
export const BulkFailureSchema = z.object({
  employeeId: z.number().int(),
  /** The cell's date (calendar actions). */
  date: z.string().optional(),
  name: z.string(),
  reason: z.string(),
});
export type BulkFailure = z.infer<typeof BulkFailureSchema>;

/** Each item is applied on its own: the ones that failed changed nothing. */
export const BulkResultSchema = z.object({
  succeeded: z.number().int(),
  failed: z.array(BulkFailureSchema),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/**
 * A calendar bulk action's outcome and the Labour Code violations its saved cells brought
 * (warnings; with hard stops the cells that would bring one are among `failed`).
 */
export const BulkCalendarResultSchema = BulkResultSchema.extend({
  violations: z.array(NewPlanViolationSchema),
});
export type BulkCalendarResult = z.infer<typeof BulkCalendarResultSchema>;

/** The employees list's filters («all matching the filter»), resolved by the server in the caller's scope. */
export const BulkEmployeeFilterSchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    branchId: IdSchema.optional(),
    departmentId: IdSchema.optional(),
    positionId: IdSchema.optional(),
    role: CompanyRoleSchema.optional(),
    status: z.enum(['ACTIVE', 'DISMISSED', 'ALL']).default('ACTIVE'),
  })
  .strict();
export type BulkEmployeeFilter = z.input<typeof BulkEmployeeFilterSchema>;

const employeeIdsField = z
  .array(BodyIdSchema, { error: 'Выберите сотрудников' })
  .min(1, 'Выберите сотрудников')
  .max(MAX_BULK_EMPLOYEES, `Не больше ${MAX_BULK_EMPLOYEES} сотрудников за раз`);

/** Who: the ids picked, or everyone matching the filter (exactly one of them). */
const selectionShape = {
  employeeIds: employeeIdsField.optional(),
  filter: BulkEmployeeFilterSchema.optional(),
};

function checkSelection(
  value: { employeeIds?: unknown; filter?: unknown },
  ctx: z.core.$RefinementCtx,
): void {
  if ((value.employeeIds === undefined) === (value.filter === undefined))
    ctx.addIssue({
      code: 'custom',
      path: ['employeeIds'],
      message: 'Выберите сотрудников или укажите фильтр',
    });
}

export const BulkEmployeesInputSchema = z
  .discriminatedUnion('action', [
    z
      .object({
        action: z.literal('assignSchedule'),
        ...selectionShape,
        /** Null: no schedule from that date. */
        scheduleId: idField('Выберите график').nullable(),
        effectiveFrom: DateStringSchema,
      })
      .strict(),
    z
      .object({
        action: z.literal('move'),
        ...selectionShape,
        /** Each field sent replaces the current one; null clears the department or position. */
        branchIds: z.array(BodyIdSchema).max(50).optional(),
        departmentId: BodyIdSchema.nullable().optional(),
        positionId: BodyIdSchema.nullable().optional(),
      })
      .strict(),
    z
      .object({
        action: z.literal('dismiss'),
        ...selectionShape,
        dismissedAt: HistoryDateStringSchema,
        reason: z.string().trim().max(500, 'Не длиннее 500 символов').optional(),
      })
      .strict(),
    z.object({ action: z.literal('resendInvitations'), ...selectionShape }).strict(),
  ])
  .superRefine((value, ctx) => {
    checkSelection(value, ctx);
    if (
      value.action === 'move' &&
      value.branchIds === undefined &&
      value.departmentId === undefined &&
      value.positionId === undefined
    )
      ctx.addIssue({
        code: 'custom',
        path: ['branchIds'],
        message: 'Укажите филиал, отдел или должность',
      });
  });
export type BulkEmployeesInput = z.input<typeof BulkEmployeesInputSchema>;
export type BulkEmployeesAction = BulkEmployeesInput['action'];

/** The calendar's filters (branch, department, search) for «everyone shown». */
export const BulkCalendarFilterSchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    branchId: IdSchema.optional(),
    departmentId: IdSchema.optional(),
  })
  .strict();
export type BulkCalendarFilter = z.input<typeof BulkCalendarFilterSchema>;

export const BulkCellSchema = z
  .object({ employeeId: BodyIdSchema, date: DateStringSchema })
  .strict();
export type BulkCell = z.infer<typeof BulkCellSchema>;

/** What to put in every cell: shifts, a rest day, an absence, or the schedule's plan again. */
export const BulkCellActionSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('shift'),
      shifts: z
        .array(RosterShiftSchema)
        .min(1, 'Добавьте смену')
        .max(MAX_ROSTER_SHIFTS, 'Не больше 4 смен в день'),
    })
    .strict()
    .superRefine((value, ctx) => checkShiftsOverlap(value.shifts, ctx)),
  z.object({ kind: z.literal('dayOff') }).strict(),
  z
    .object({
      kind: z.literal('absence'),
      type: DayOffTypeSchema,
      comment: z.string().trim().max(1000, 'Не длиннее 1000 символов').default(''),
    })
    .strict(),
  z.object({ kind: z.literal('clear') }).strict(),
]);
export type BulkCellAction = z.input<typeof BulkCellActionSchema>;

export const BulkCalendarInputSchema = z
  .object({
    cells: z
      .array(BulkCellSchema, { error: 'Выберите ячейки' })
      .min(1, 'Выберите ячейки')
      .max(MAX_BULK_CELLS, `Не больше ${MAX_BULK_CELLS} ячеек за раз`),
    action: BulkCellActionSchema,
  })
  .strict();
export type BulkCalendarInput = z.input<typeof BulkCalendarInputSchema>;

/**
 * Copies each employee's plan of a week (Monday to Sunday) onto the following weeks up to `until`:
 * working days as the same shifts, rest days as rest days. Absences and holidays are not copied.
 */
export const CopyWeekInputSchema = z
  .object({
    weekStart: DateStringSchema,
    /** The last date to fill (e.g. the end of the month), after the source week. */
    until: DateStringSchema,
    employeeIds: employeeIdsField.optional(),
    filter: BulkCalendarFilterSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    checkSelection(value, ctx);
    const start = Date.parse(`${value.weekStart}T00:00:00Z`);
    if (new Date(start).getUTCDay() !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['weekStart'],
        message: 'Неделя начинается с понедельника',
      });
    const days = (Date.parse(`${value.until}T00:00:00Z`) - start) / 864e5;
    if (days < 7)
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: 'Копировать можно только на следующие недели',
      });
    else if (days > MAX_COPY_WEEK_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: `Не дальше ${MAX_COPY_WEEK_DAYS} дней от начала недели`,
      });
  });
export type CopyWeekInput = z.input<typeof CopyWeekInputSchema>;
