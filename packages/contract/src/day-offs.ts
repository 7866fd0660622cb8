import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, IdSchema, PaginationQuerySchema, idField, pageOf } from './common.ts';
import type { DayOffType } from './day-off-types.ts';
import { DayOffTypeSchema } from './work-time.ts';

/** An employee's request waits for a manager; a manager's own entry is approved at once. */
export const DayOffStatusSchema = z.enum(['REQUESTED', 'APPROVED', 'REJECTED']);
export type DayOffStatus = z.infer<typeof DayOffStatusSchema>;

export const dayOffStatusLabels: Record<DayOffStatus, string> = {
  REQUESTED: 'На рассмотрении',
  APPROVED: 'Одобрено',
  REJECTED: 'Отклонено',
};

/** Only these may be set for the whole company (employeeId null). */
export const COMPANY_WIDE_DAY_OFF_TYPES: readonly DayOffType[] = ['HOLIDAY', 'WEEKEND'];

export const dayOffMessages = {
  toBeforeFrom: 'Дата окончания не может быть раньше даты начала',
  companyWideType: 'Для всей компании можно указать только праздник или выходной',
} as const;

/** A day-off («weekend» on the wire, as in the spec): both dates included. */
export const DayOffSchema = z.object({
  id: z.number().int(),
  /** Null: the whole company. */
  employeeId: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  type: DayOffTypeSchema,
  from: z.string(),
  to: z.string(),
  comment: z.string(),
  status: DayOffStatusSchema,
  /** Employee ids of who entered and who decided (null when that person has left the records). */
  createdById: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  decidedById: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The manager's comment on approving or rejecting. */
  decisionComment: z.string(),
  createdAt: z.string(),
});
export type DayOff = z.infer<typeof DayOffSchema>;

const CommentSchema = z.string().trim().max(1000, 'Не длиннее 1000 символов');

function checkDayOffRange(
  value: { from?: string | undefined; to?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (value.from !== undefined && value.to !== undefined && value.to < value.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: dayOffMessages.toBeforeFrom });
}

function checkCompanyWide(
  value: { employeeId?: number | null | undefined; type?: DayOffType | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (
    value.employeeId === null &&
    value.type !== undefined &&
    !COMPANY_WIDE_DAY_OFF_TYPES.includes(value.type)
  )
    ctx.addIssue({ code: 'custom', path: ['type'], message: dayOffMessages.companyWideType });
}

const dayOffFields = {
  /** Null: the whole company (HOLIDAY or WEEKEND only). */
  employeeId: idField('Выберите сотрудника').nullable(),
  type: DayOffTypeSchema,
  from: DateStringSchema,
  to: DateStringSchema,
  comment: CommentSchema,
};

/** A manager's entry: approved at once. */
export const CreateDayOffInputSchema = z
  .object({ ...dayOffFields, comment: CommentSchema.default('') })
  .strict()
  .superRefine((value, ctx) => {
    checkDayOffRange(value, ctx);
    checkCompanyWide(value, ctx);
  });
export type CreateDayOffInput = z.input<typeof CreateDayOffInputSchema>;

/** Any of the fields; the server checks the merged result the same way as a new entry. */
export const UpdateDayOffInputSchema = z
  .object(dayOffFields)
  .partial()
  .strict()
  .superRefine((value, ctx) => {
    checkDayOffRange(value, ctx);
    checkCompanyWide(value, ctx);
  });
export type UpdateDayOffInput = z.infer<typeof UpdateDayOffInputSchema>;

/** An employee asks for a day-off for themselves: it waits for a manager (REQUESTED). */
export const RequestDayOffInputSchema = z
  .object({
    type: DayOffTypeSchema,
    from: DateStringSchema,
    to: DateStringSchema,
    comment: CommentSchema.default(''),
  })
  .strict()
  .superRefine(checkDayOffRange);
export type RequestDayOffInput = z.input<typeof RequestDayOffInputSchema>;

export const DecideDayOffInputSchema = z.object({ comment: CommentSchema.optional() }).strict();
export type DecideDayOffInput = z.infer<typeof DecideDayOffInputSchema>;

/**
 * `from`/`to` select day-offs overlapping that range; `employeeId` includes the company-wide ones
 * unless `scope` says otherwise. An EMPLOYEE always gets their own (and the company-wide) only.
 */
export const ListDayOffsQuerySchema = PaginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
  employeeId: IdSchema.optional(),
  type: DayOffTypeSchema.optional(),
  status: DayOffStatusSchema.optional(),
  /** COMPANY: company-wide entries only; EMPLOYEE: personal entries only. */
  scope: z.enum(['ALL', 'COMPANY', 'EMPLOYEE']).default('ALL'),
  sort: z.enum(['from', 'createdAt']).default('from'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListDayOffsQuery = z.infer<typeof ListDayOffsQuerySchema>;
export const DayOffsPageSchema = pageOf(DayOffSchema);
