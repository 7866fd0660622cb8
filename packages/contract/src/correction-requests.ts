import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, IdSchema, PaginationQuerySchema, idField, pageOf } from './common.ts';
import { WORK_TIMESHEET_CODES, type TimesheetCode, TimesheetCodeSchema } from './reports.ts';
import { WallTimeSchema } from './schedule-definition.ts';

// ---------- An employee's correction requests: /correction-requests (decision 025) ----------

/**
 * What the employee asks for: a forgotten check-in or check-out (times of the date), a T-13 code
 * of the date (a business trip and the like), or a check at another branch.
 */
export const CorrectionKindSchema = z.enum(['MISSED_CHECK', 'DAY_CODE', 'OTHER_BRANCH'], {
  error: 'Выберите, что исправить',
});
export type CorrectionKind = z.infer<typeof CorrectionKindSchema>;

export const correctionKindLabels: Record<CorrectionKind, string> = {
  MISSED_CHECK: 'Забыл отметить приход/уход',
  DAY_CODE: 'Был в командировке или другой код дня',
  OTHER_BRANCH: 'Работал из другого филиала',
};

export const CorrectionStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN']);
export type CorrectionStatus = z.infer<typeof CorrectionStatusSchema>;

export const correctionStatusLabels: Record<CorrectionStatus, string> = {
  PENDING: 'На рассмотрении',
  APPROVED: 'Одобрено',
  REJECTED: 'Отклонено',
  WITHDRAWN: 'Отозван',
};

/**
 * The T-13 codes an employee may ask for a date: the days they were away on the employer's
 * business. Absences (vacation, sick leave, отгул) are asked for as day-offs.
 */
export const REQUESTABLE_CORRECTION_CODES = [
  'К',
  'ПК',
  'ПМ',
  'Г',
] as const satisfies readonly TimesheetCode[];

/** A code whose day carries hours (К): the request names them. */
export function isHourlyCorrectionCode(code: TimesheetCode): boolean {
  return WORK_TIMESHEET_CODES.includes(code);
}

export const correctionMessages = {
  branch: 'Выберите филиал',
  checkInOrOut: 'Укажите время прихода или ухода',
  checkIn: 'Укажите время прихода',
  checkOut: 'Укажите время ухода',
  order: 'Уход должен быть позже прихода',
  code: 'Выберите код дня',
  codeNotAllowed: 'Этот код сотрудник не запрашивает: обратитесь к руководителю',
  minutes: 'Укажите часы этого дня',
  comment: 'Напишите комментарий: что произошло',
  reason: 'Укажите причину отказа',
} as const;

const CommentSchema = z
  .string({ error: correctionMessages.comment })
  .trim()
  .min(3, correctionMessages.comment)
  .max(500, 'Не длиннее 500 символов');

const wallTime = WallTimeSchema.optional();

/**
 * `POST /correction-requests`: always for the caller themself (`employeeId`, when sent, must be
 * the caller's: another one is not found). Times are `HH:mm` of `date` in the branch's time zone.
 */
export const CreateCorrectionRequestInputSchema = z
  .object({
    employeeId: idField('Выберите сотрудника').optional(),
    kind: CorrectionKindSchema,
    date: DateStringSchema,
    branchId: idField(correctionMessages.branch).optional(),
    checkIn: wallTime,
    checkOut: wallTime,
    code: TimesheetCodeSchema.optional(),
    minutes: z.number().int().min(1, correctionMessages.minutes).max(1440).optional(),
    comment: CommentSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.kind === 'DAY_CODE') {
      if (!value.code) issue('code', correctionMessages.code);
      else if (!(REQUESTABLE_CORRECTION_CODES as readonly string[]).includes(value.code))
        issue('code', correctionMessages.codeNotAllowed);
      else if (isHourlyCorrectionCode(value.code) && value.minutes === undefined)
        issue('minutes', correctionMessages.minutes);
      return;
    }
    if (value.branchId === undefined) issue('branchId', correctionMessages.branch);
    if (value.kind === 'OTHER_BRANCH') {
      if (!value.checkIn) issue('checkIn', correctionMessages.checkIn);
      if (!value.checkOut) issue('checkOut', correctionMessages.checkOut);
    } else if (!value.checkIn && !value.checkOut) {
      issue('checkIn', correctionMessages.checkInOrOut);
    }
    if (value.checkIn && value.checkOut && value.checkOut <= value.checkIn)
      issue('checkOut', correctionMessages.order);
  });
export type CreateCorrectionRequestInput = z.input<typeof CreateCorrectionRequestInputSchema>;

/** One request, as the employee and the managers see it. */
export const CorrectionRequestSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  date: z.string(),
  kind: CorrectionKindSchema,
  /** The branch of the asked check (its zone reads the times); null for a code of the date. */
  branchId: z.number().int().nullable(),
  branchTitle: z.string().nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  code: TimesheetCodeSchema.nullable(),
  minutes: z.number().int().nullable(),
  comment: z.string(),
  status: CorrectionStatusSchema,
  createdAt: z.string(),
  decidedById: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The manager's reason of a refusal. */
  reason: z.string().nullable(),
});
export type CorrectionRequest = z.infer<typeof CorrectionRequestSchema>;
export const CorrectionRequestsPageSchema = pageOf(CorrectionRequestSchema);

/** `GET /correction-requests` (managers: their scope) and `GET /correction-requests/mine`. */
export const ListCorrectionRequestsQuerySchema = PaginationQuerySchema.extend({
  status: CorrectionStatusSchema.optional(),
  branchId: IdSchema.optional(),
  departmentId: IdSchema.optional(),
  employeeId: IdSchema.optional(),
});
export type ListCorrectionRequestsQuery = z.infer<typeof ListCorrectionRequestsQuerySchema>;

export const PendingCorrectionsCountSchema = z.object({ count: z.number().int() });
export type PendingCorrectionsCount = z.infer<typeof PendingCorrectionsCountSchema>;

export const RejectCorrectionRequestInputSchema = z
  .object({
    reason: z
      .string({ error: correctionMessages.reason })
      .trim()
      .min(3, correctionMessages.reason)
      .max(500, 'Не длиннее 500 символов'),
  })
  .strict();
export type RejectCorrectionRequestInput = z.infer<typeof RejectCorrectionRequestInputSchema>;
