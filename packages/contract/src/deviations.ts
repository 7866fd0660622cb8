import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, IdSchema, idField } from './common.ts';
import { TimesheetCodeSchema, dateRangeCheck } from './reports.ts';

// ---------- Deviations inbox (decision 024): GET /deviations, POST /deviations/actions ----------

/** The longest period of the inbox: two months (closing a month with the one before it). */
export const MAX_DEVIATION_DAYS = 62;
/** At most this many deviations in one action. */
export const MAX_DEVIATION_ITEMS = 1000;

/**
 * What went off plan on an employee's date. All but the last two come from the attendance
 * module's answer for the date; refused check-ins and manual corrections from their own records.
 */
export const DeviationTypeSchema = z.enum(
  [
    'LATE',
    'EARLY_LEAVE',
    'ABSENCE',
    'AUTO_CLOSED',
    'OVERTIME',
    'DAY_OFF_WORK',
    'NO_SHIFT',
    'OUTSIDE_ZONE',
    'AFTER_CLOSE',
    'MANUAL_CORRECTION',
  ],
  { error: 'Выберите тип отклонения' },
);
export type DeviationType = z.infer<typeof DeviationTypeSchema>;
export const deviationTypeLabels: Record<DeviationType, string> = {
  LATE: 'Опоздание',
  EARLY_LEAVE: 'Ранний уход',
  ABSENCE: 'Неявка без причины (НН)',
  AUTO_CLOSED: 'Уход не отмечен',
  OVERTIME: 'Переработка',
  DAY_OFF_WORK: 'Работа в выходной',
  NO_SHIFT: 'Отметка без смены',
  OUTSIDE_ZONE: 'Отметка вне зоны филиала',
  AFTER_CLOSE: 'Отметка после закрытия периода',
  MANUAL_CORRECTION: 'Ручная правка отметок',
};

export const DeviationStatusSchema = z.enum(['NEW', 'RESOLVED'], {
  error: 'Выберите статус',
});
export type DeviationStatus = z.infer<typeof DeviationStatusSchema>;
export const deviationStatusLabels: Record<DeviationStatus, string> = {
  NEW: 'Новое',
  RESOLVED: 'Решено',
};

/**
 * What a manager does with a deviation. Every action but a comment resolves it.
 * - EXCUSE: accepted as it is, hours unchanged;
 * - SET_CODE: the date's T-13 codes replaced (the timesheet's own override, with its history);
 * - APPROVE_OVERTIME: the extra time becomes С (with «только после согласования»);
 * - PAY_DOUBLE: work on a day off stays РВ, paid at least double (art. 153);
 * - REST_DAY: paid single with a day of rest later (art. 153 part 4): the date's РВ hours
 *   become Я through the override, the day of rest is then given as an absence;
 * - COMMENT: a note, the status stays.
 */
export const DeviationActionTypeSchema = z.enum(
  ['EXCUSE', 'SET_CODE', 'APPROVE_OVERTIME', 'PAY_DOUBLE', 'REST_DAY', 'COMMENT'],
  { error: 'Выберите действие' },
);
export type DeviationActionType = z.infer<typeof DeviationActionTypeSchema>;
export const deviationActionLabels: Record<DeviationActionType, string> = {
  EXCUSE: 'Причина уважительная',
  SET_CODE: 'Код табеля',
  APPROVE_OVERTIME: 'Сверхурочные согласованы',
  PAY_DOUBLE: 'Оплата в двойном размере (РВ)',
  REST_DAY: 'День отдыха взамен',
  COMMENT: 'Комментарий',
};

/** The actions that make sense for a type; the rest are refused item by item. */
export function actionFitsDeviation(action: DeviationActionType, type: DeviationType): boolean {
  switch (action) {
    case 'APPROVE_OVERTIME':
      return type === 'OVERTIME';
    case 'PAY_DOUBLE':
    case 'REST_DAY':
      return type === 'DAY_OFF_WORK';
    default:
      return true;
  }
}

export const DeviationActionRecordSchema = z.object({
  action: DeviationActionTypeSchema,
  /** The T-13 code set by SET_CODE. */
  code: TimesheetCodeSchema.nullable(),
  comment: z.string(),
  actedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type DeviationActionRecord = z.infer<typeof DeviationActionRecordSchema>;

/** One deviation of an employee's date: one row per (employee, date, type). */
export const DeviationItemSchema = z.object({
  kind: z.literal('DEVIATION'),
  /** `employeeId:date:type`, stable across requests. */
  key: z.string(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  date: z.string(),
  type: DeviationTypeSchema,
  /**
   * Minutes late, left early, of overtime or worked on the day off; of a refused check-in the
   * distance beyond the zone in metres; of corrections and forgotten check-outs their number.
   */
  amount: z.number().nullable(),
  status: DeviationStatusSchema,
  /** The action that resolved it (the latest), null while new. */
  resolution: DeviationActionTypeSchema.nullable(),
  actions: z.array(DeviationActionRecordSchema),
});
export type DeviationItem = z.infer<typeof DeviationItemSchema>;

/**
 * A row of the inbox. `kind` tells the sorts of rows apart: deviations computed from attendance
 * today, employees' correction requests once they exist.
 */
export const InboxItemSchema = z.discriminatedUnion('kind', [DeviationItemSchema]);
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const DeviationsQuerySchema = z
  .object({
    from: DateStringSchema,
    to: DateStringSchema,
    type: DeviationTypeSchema.optional(),
    status: DeviationStatusSchema.optional(),
    branchId: IdSchema.optional(),
    departmentId: IdSchema.optional(),
    employeeId: IdSchema.optional(),
  })
  .superRefine(dateRangeCheck(MAX_DEVIATION_DAYS, 'Период'));
export type DeviationsQuery = z.input<typeof DeviationsQuerySchema>;

export const DeviationsSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(InboxItemSchema),
  /** New deviations by type, over the whole period and the filters except type and status. */
  newByType: z.partialRecord(DeviationTypeSchema, z.number().int()),
});
export type Deviations = z.infer<typeof DeviationsSchema>;

/** The side menu's badge: new deviations of the current month up to today. */
export const DeviationsCountSchema = z.object({ new: z.number().int() });
export type DeviationsCount = z.infer<typeof DeviationsCountSchema>;

export const DeviationRefSchema = z
  .object({
    employeeId: idField('Выберите сотрудника'),
    date: DateStringSchema,
    type: DeviationTypeSchema,
  })
  .strict();
export type DeviationRef = z.infer<typeof DeviationRefSchema>;

export const DeviationActionInputSchema = z
  .object({
    items: z
      .array(DeviationRefSchema, { error: 'Выберите отклонения' })
      .min(1, 'Выберите отклонения')
      .max(MAX_DEVIATION_ITEMS, `Не больше ${MAX_DEVIATION_ITEMS} отклонений за раз`),
    action: DeviationActionTypeSchema,
    /** The T-13 code for SET_CODE (without hours: an absence's code). */
    code: TimesheetCodeSchema.optional(),
    comment: z
      .string({ error: 'Укажите причину или комментарий' })
      .trim()
      .min(3, 'Укажите причину или комментарий')
      .max(500, 'Не длиннее 500 символов'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.action === 'SET_CODE' && value.code === undefined)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Выберите код табеля' });
    if (value.action !== 'SET_CODE' && value.code !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: 'Код указывают только для кода табеля',
      });
  });
export type DeviationActionInput = z.input<typeof DeviationActionInputSchema>;
