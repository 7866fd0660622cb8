import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, IdSchema, idField } from './common.ts';
import { WallTimeSchema } from './schedule-definition.ts';
import {
  AvailabilityKindSchema,
  AvailabilityMarkSchema,
  MAX_AVAILABILITY_RANGE_DAYS,
} from './availability-mark.ts';

// ---------- Employees' availability and wishes: /availability (decision 027) ----------

export const MAX_AVAILABILITY_COMMENT = 300;
/** Marks go on the current month and this many coming months. */
export const AVAILABILITY_MONTHS_AHEAD = 2;

export const availabilityMessages = {
  start: 'Укажите начало',
  end: 'Укажите конец',
  order: 'Конец должен быть позже начала',
  comment: `Не длиннее ${MAX_AVAILABILITY_COMMENT} символов`,
  past: 'Прошедшую дату не отметить',
  tooFar: 'Так далеко вперёд не отметить: только этот и два следующих месяца',
  range: 'Конец периода раньше начала',
  rangeLength: `Не больше ${MAX_AVAILABILITY_RANGE_DAYS} дней`,
} as const;

/**
 * `PUT /availability`: sets (or replaces) the caller's mark of a date. Always the caller's own:
 * `employeeId`, when sent, must be the caller's (another one is not found). A time range lies
 * within the day (`end` after `start`); without one the whole day is meant.
 */
export const SetAvailabilityInputSchema = z
  .object({
    employeeId: idField('Выберите сотрудника').optional(),
    date: DateStringSchema,
    kind: AvailabilityKindSchema,
    start: WallTimeSchema.nullish(),
    end: WallTimeSchema.nullish(),
    comment: z
      .string()
      .trim()
      .max(MAX_AVAILABILITY_COMMENT, availabilityMessages.comment)
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.start && !value.end) issue('end', availabilityMessages.end);
    else if (value.end && !value.start) issue('start', availabilityMessages.start);
    else if (value.start && value.end && value.end <= value.start)
      issue('end', availabilityMessages.order);
  });
export type SetAvailabilityInput = z.input<typeof SetAvailabilityInputSchema>;

/** `DELETE /availability`: removes the caller's mark of a date. */
export const DeleteAvailabilityQuerySchema = z.object({
  date: DateStringSchema,
  employeeId: IdSchema.optional(),
});

/**
 * `GET /availability`: the marks of `from`–`to` (both included) of the caller, or of
 * `employeeId` — an ADMIN's or a MANAGER's within their scope; anyone else's is not found.
 */
export const ListAvailabilityQuerySchema = z
  .object({
    from: DateStringSchema,
    to: DateStringSchema,
    employeeId: IdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: availabilityMessages.range });
    else if (
      (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000 >=
      MAX_AVAILABILITY_RANGE_DAYS
    )
      ctx.addIssue({ code: 'custom', path: ['to'], message: availabilityMessages.rangeLength });
  });
export type ListAvailabilityQuery = z.input<typeof ListAvailabilityQuerySchema>;

export const AvailabilityListSchema = z.object({
  employeeId: z.number().int(),
  /** The last date the employee may mark (the end of the second coming month). */
  lastDate: z.string(),
  items: z.array(AvailabilityMarkSchema),
});
export type AvailabilityList = z.infer<typeof AvailabilityListSchema>;
