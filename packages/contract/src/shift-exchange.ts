import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, IdSchema, idField } from './common.ts';
import { AvailabilityMarkSchema } from './availability-mark.ts';
import { OpenShiftClaimsModeSchema } from './work-time.ts';
import { BreakMinutesSchema, WallTimeSchema, checkShiftsOverlap } from './schedule-definition.ts';

// ---------- Open shifts and shift hand-overs (decision 029) ----------

export const MAX_OPEN_SHIFT_HEADCOUNT = 50;
export const MAX_SHIFT_EXCHANGE_COMMENT = 500;

export const shiftExchangeMessages = {
  branch: 'Выберите филиал',
  headcount: `От 1 до ${MAX_OPEN_SHIFT_HEADCOUNT} человек`,
  comment: `Не длиннее ${MAX_SHIFT_EXCHANGE_COMMENT} символов`,
  reason: 'Укажите причину (хотя бы 3 символа)',
  sameTimes: 'Начало и конец смены совпадают',
  past: 'Эта дата уже прошла',
  full: 'Все места на эту смену уже заняты',
  cancelled: 'Смена отменена',
  notEligible: 'Эта смена вам не подходит',
  overlap: 'В это время у вас уже есть смена',
  dayOff: 'В этот день у вас отсутствие',
  tooManyShifts: 'В этот день уже 4 смены — больше поставить нельзя',
  alreadyClaimed: 'Вы уже откликнулись на эту смену',
  decided: 'Заявка уже рассмотрена',
  swapDecided: 'Предложение уже рассмотрено',
  planChanged: 'План сотрудника на эту дату изменился после предложения: обмен не применён',
  noShift: 'В этот день у вас нет такой смены',
  offered: 'Эту смену вы уже предложили',
  colleague: 'Выберите коллегу своего филиала',
} as const;

export const OpenShiftStatusSchema = z.enum(['OPEN', 'CANCELLED']);
export type OpenShiftStatus = z.infer<typeof OpenShiftStatusSchema>;
export const ClaimStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN']);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;
export const claimStatusLabels: Record<ClaimStatus, string> = {
  PENDING: 'Ждёт решения',
  APPROVED: 'Одобрена',
  REJECTED: 'Отклонена',
  WITHDRAWN: 'Отозвана',
};
export const SwapStatusSchema = z.enum([
  'OFFERED',
  'ACCEPTED',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
]);
export type SwapStatus = z.infer<typeof SwapStatusSchema>;
export const swapStatusLabels: Record<SwapStatus, string> = {
  OFFERED: 'Предложена',
  ACCEPTED: 'Принята, ждёт руководителя',
  APPROVED: 'Одобрена',
  REJECTED: 'Отклонена',
  CANCELLED: 'Отменена',
};

const commentField = z
  .string()
  .trim()
  .max(MAX_SHIFT_EXCHANGE_COMMENT, shiftExchangeMessages.comment)
  .default('');

/** `POST /open-shifts`: a shift of a branch's date without an employee. */
export const CreateOpenShiftInputSchema = z
  .object({
    branchId: idField(shiftExchangeMessages.branch),
    positionId: idField('Выберите должность').nullish(),
    date: DateStringSchema,
    start: WallTimeSchema,
    end: WallTimeSchema,
    breakMinutes: BreakMinutesSchema.default(0),
    headcount: z
      .number({ error: shiftExchangeMessages.headcount })
      .int(shiftExchangeMessages.headcount)
      .min(1, shiftExchangeMessages.headcount)
      .max(MAX_OPEN_SHIFT_HEADCOUNT, shiftExchangeMessages.headcount),
    comment: commentField,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.start === value.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: shiftExchangeMessages.sameTimes });
    else checkShiftsOverlap([value], ctx, ['end']);
  });
export type CreateOpenShiftInput = z.input<typeof CreateOpenShiftInputSchema>;

export const ListOpenShiftsQuerySchema = z.object({
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
  branchId: IdSchema.optional(),
  status: OpenShiftStatusSchema.optional(),
});
export type ListOpenShiftsQuery = z.infer<typeof ListOpenShiftsQuerySchema>;

export const ReasonInputSchema = z
  .object({
    reason: z
      .string({ error: shiftExchangeMessages.reason })
      .trim()
      .min(3, shiftExchangeMessages.reason)
      .max(500, 'Не длиннее 500 символов'),
  })
  .strict();
export type ReasonInput = z.infer<typeof ReasonInputSchema>;

export const OpenShiftClaimSchema = z.object({
  id: z.number().int(),
  openShiftId: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  status: ClaimStatusSchema,
  createdAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The claimer's «Не могу»/«Хотел бы не работать» of the date: a warning for the manager. */
  availability: AvailabilityMarkSchema.nullable(),
});
export type OpenShiftClaim = z.infer<typeof OpenShiftClaimSchema>;

export const OpenShiftSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  branchTitle: z.string(),
  positionId: z.number().int().nullable(),
  positionTitle: z.string().nullable(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  breakMinutes: z.number().int(),
  headcount: z.number().int(),
  /** Approved claims. */
  filled: z.number().int(),
  comment: z.string(),
  status: OpenShiftStatusSchema,
  postedByName: z.string().nullable(),
  createdAt: z.string(),
  claims: z.array(OpenShiftClaimSchema),
});
export type OpenShift = z.infer<typeof OpenShiftSchema>;
export const OpenShiftListSchema = z.object({ items: z.array(OpenShiftSchema) });

/** An open shift as the employee sees it: with their own claim, if any. */
export const AvailableOpenShiftSchema = OpenShiftSchema.omit({ claims: true }).extend({
  myClaim: OpenShiftClaimSchema.omit({ availability: true }).nullable(),
});
export type AvailableOpenShift = z.infer<typeof AvailableOpenShiftSchema>;
export const AvailableOpenShiftListSchema = z.object({
  items: z.array(AvailableOpenShiftSchema),
  mode: OpenShiftClaimsModeSchema,
});
export type AvailableOpenShiftList = z.infer<typeof AvailableOpenShiftListSchema>;

export const ListClaimsQuerySchema = z.object({ status: ClaimStatusSchema.optional() });

/** A claim with its shift, for the manager's list. */
export const ClaimWithShiftSchema = OpenShiftClaimSchema.extend({
  shift: OpenShiftSchema.omit({ claims: true }),
});
export type ClaimWithShift = z.infer<typeof ClaimWithShiftSchema>;
export const ClaimListSchema = z.object({ items: z.array(ClaimWithShiftSchema) });

/** `POST /shift-swaps`: the caller offers their shift of a date (by its start). */
export const OfferSwapInputSchema = z
  .object({
    date: DateStringSchema,
    start: WallTimeSchema,
    /** A colleague of the same branch; omitted: anyone eligible. */
    toEmployeeId: idField('Выберите коллегу').nullish(),
    /** When the caller works at several branches. */
    branchId: idField(shiftExchangeMessages.branch).optional(),
    comment: commentField,
  })
  .strict();
export type OfferSwapInput = z.input<typeof OfferSwapInputSchema>;

export const ShiftSwapSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  branchTitle: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  breakMinutes: z.number().int(),
  fromEmployeeId: z.number().int(),
  fromName: z.string(),
  toEmployeeId: z.number().int().nullable(),
  toName: z.string().nullable(),
  acceptedById: z.number().int().nullable(),
  acceptedByName: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  comment: z.string(),
  status: SwapStatusSchema,
  createdAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The taker's availability mark of the date: a warning for the manager. */
  availability: AvailabilityMarkSchema.nullable(),
});
export type ShiftSwap = z.infer<typeof ShiftSwapSchema>;
export const ShiftSwapListSchema = z.object({ items: z.array(ShiftSwapSchema) });
export type ShiftSwapList = z.infer<typeof ShiftSwapListSchema>;

export const ListSwapsQuerySchema = z.object({ status: SwapStatusSchema.optional() });

/** The caller's side: offers they may take, and their own offers. */
export const MySwapsSchema = z.object({
  offeredToMe: z.array(ShiftSwapSchema),
  mine: z.array(ShiftSwapSchema),
});
export type MySwaps = z.infer<typeof MySwapsSchema>;

export const SwapColleaguesQuerySchema = z.object({
  date: DateStringSchema,
  start: WallTimeSchema,
});
export const SwapColleagueSchema = z.object({ id: z.number().int(), name: z.string() });
export const SwapColleaguesSchema = z.object({ items: z.array(SwapColleagueSchema) });
export type SwapColleague = z.infer<typeof SwapColleagueSchema>;

export const ShiftExchangePendingSchema = z.object({
  claims: z.number().int(),
  swaps: z.number().int(),
});
export type ShiftExchangePending = z.infer<typeof ShiftExchangePendingSchema>;
