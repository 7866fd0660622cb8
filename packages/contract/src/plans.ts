import { z } from 'zod';
import './zod-setup.ts';
import {
  BodyIdSchema,
  DateStringSchema,
  IdSchema,
  PaginationQuerySchema,
  pageOf,
} from './common.ts';
import {
  PAYMENT_USERS_MAX,
  PLAN_DISCOUNT_MAX,
  PLAN_PRICE_MAX_KOPECKS,
  PLAN_TRIAL_DAYS_MAX,
  planStates,
} from './plan-pricing.ts';

export const PlanStateSchema = z.enum(planStates);

// ---------- Plans ----------

const PlanTitleSchema = z
  .string({ error: 'Введите название' })
  .trim()
  .min(1, 'Введите название')
  .max(100, 'Не длиннее 100 символов');

const DiscountSchema = z
  .number({ error: 'Укажите скидку' })
  .int('Целое число процентов')
  .min(0, `Скидка от 0 до ${PLAN_DISCOUNT_MAX} %`)
  .max(PLAN_DISCOUNT_MAX, `Скидка от 0 до ${PLAN_DISCOUNT_MAX} %`);

const PlanFieldsSchema = z.object({
  title: PlanTitleSchema,
  pricePerUserKopecks: z
    .number({ error: 'Укажите цену' })
    .int('Цена в целых копейках')
    .min(100, 'Цена не меньше 1 ₽')
    .max(PLAN_PRICE_MAX_KOPECKS, 'Цена не больше 100 000 ₽'),
  trialDays: z
    .number({ error: 'Укажите пробный период' })
    .int('Целое число дней')
    .min(0, `От 0 до ${PLAN_TRIAL_DAYS_MAX} дней`)
    .max(PLAN_TRIAL_DAYS_MAX, `От 0 до ${PLAN_TRIAL_DAYS_MAX} дней`),
  discount3Months: DiscountSchema,
  discount6Months: DiscountSchema,
  discount12Months: DiscountSchema,
  minUsers: z
    .number({ error: 'Укажите минимум пользователей' })
    .int('Целое число')
    .min(1, 'Не меньше 1')
    .max(PAYMENT_USERS_MAX, `Не больше ${PAYMENT_USERS_MAX}`),
  active: z.boolean(),
  /** The plan new companies get; exactly one plan is the default. */
  isDefault: z.boolean(),
});

export const CreatePlanInputSchema = PlanFieldsSchema.extend({
  discount3Months: DiscountSchema.default(0),
  discount6Months: DiscountSchema.default(0),
  discount12Months: DiscountSchema.default(0),
  minUsers: PlanFieldsSchema.shape.minUsers.default(1),
  active: z.boolean().default(true),
  isDefault: z.boolean().default(false),
}).strict();
export type CreatePlanInput = z.input<typeof CreatePlanInputSchema>;

export const UpdatePlanInputSchema = PlanFieldsSchema.partial().strict();
export type UpdatePlanInput = z.infer<typeof UpdatePlanInputSchema>;

/** A plan as companies and visitors see it. */
export const PublicPlanSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  pricePerUserKopecks: z.number().int(),
  trialDays: z.number().int(),
  discount3Months: z.number().int(),
  discount6Months: z.number().int(),
  discount12Months: z.number().int(),
  minUsers: z.number().int(),
  isDefault: z.boolean(),
});
export type PublicPlan = z.infer<typeof PublicPlanSchema>;

/** A plan in the super admin's area. */
export const PlanSchema = PublicPlanSchema.extend({
  active: z.boolean(),
  /** Payments made on this plan (a used plan is archived, not deleted). */
  paymentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const ListPlansQuerySchema = PaginationQuerySchema.extend({
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListPlansQuery = z.infer<typeof ListPlansQuerySchema>;
export const PlansPageSchema = pageOf(PlanSchema);

export const DeletePlanResultSchema = z.object({ result: z.enum(['deleted', 'archived']) });
export type DeletePlanResult = z.infer<typeof DeletePlanResultSchema>;

/** What /descriptionPayment shows: the plans on sale, the default first. */
export const PublicPlansSchema = z.object({
  items: z.array(PublicPlanSchema),
  periods: z.array(z.number().int()),
  gracePeriodDays: z.number().int(),
});
export type PublicPlans = z.infer<typeof PublicPlansSchema>;

// ---------- Payments ----------

export const PaymentProviderSchema = z.enum(['manual', 'cloudpayments']);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

export const PaymentStatusSchema = z.enum(['PENDING', 'PAID', 'FAILED', 'CANCELLED']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  PENDING: 'Ожидает оплаты',
  PAID: 'Оплачен',
  FAILED: 'Ошибка оплаты',
  CANCELLED: 'Отменён',
};

export const paymentProviderLabels: Record<PaymentProvider, string> = {
  manual: 'Счёт',
  cloudpayments: 'Карта (CloudPayments)',
};

/** GET /plan: where the caller's company stands. */
export const CompanyPlanSchema = z.object({
  plan: PublicPlanSchema,
  /** Plans the company may pay for (active ones); the current one first. */
  availablePlans: z.array(PublicPlanSchema),
  userLimit: z.number().int(),
  activeUsers: z.number().int(),
  paidUntil: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  graceUntil: z.string().nullable(),
  gracePeriodDays: z.number().int(),
  isTrial: z.boolean(),
  state: PlanStateSchema,
  provider: PaymentProviderSchema,
  /** Only the company's ADMIN pays. */
  canPay: z.boolean(),
});
export type CompanyPlan = z.infer<typeof CompanyPlanSchema>;

export const PaymentPeriodSchema = z.union(
  [z.literal(1), z.literal(3), z.literal(6), z.literal(12)],
  { error: 'Период: 1, 3, 6 или 12 месяцев' },
);

export const CreatePaymentInputSchema = z
  .object({
    users: z
      .number({ error: 'Укажите количество пользователей' })
      .int('Целое число')
      .min(1, 'Не меньше 1')
      .max(PAYMENT_USERS_MAX, `Не больше ${PAYMENT_USERS_MAX}`),
    months: PaymentPeriodSchema,
    /** Another active plan; the company's current plan when omitted. */
    planId: BodyIdSchema.optional(),
  })
  .strict();
export type CreatePaymentInput = z.input<typeof CreatePaymentInputSchema>;

export const PaymentSchema = z.object({
  id: z.number().int(),
  /** The invoice number people see and quote: «СМ-000042». */
  number: z.string(),
  companyId: z.number().int(),
  companyTitle: z.string(),
  planId: z.number().int().nullable(),
  planTitle: z.string(),
  provider: PaymentProviderSchema,
  status: PaymentStatusSchema,
  users: z.number().int(),
  months: z.number().int(),
  pricePerUserKopecks: z.number().int(),
  subtotalKopecks: z.number().int(),
  discountPercent: z.number().int(),
  discountKopecks: z.number().int(),
  amountKopecks: z.number().int(),
  /** The paid period; set when the payment is confirmed. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The provider's id of the transaction (CloudPayments TransactionId). */
  transactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;
export const PaymentsPageSchema = pageOf(PaymentSchema);

export const ListPaymentsQuerySchema = PaginationQuerySchema.extend({
  status: PaymentStatusSchema.optional(),
});
export type ListPaymentsQuery = z.infer<typeof ListPaymentsQuerySchema>;

export const AdminListPaymentsQuerySchema = ListPaymentsQuerySchema.extend({
  provider: PaymentProviderSchema.optional(),
  companyId: IdSchema.optional(),
  /** Created on or after this date (UTC). */
  from: DateStringSchema.optional(),
  /** Created on or before this date (UTC). */
  to: DateStringSchema.optional(),
});
export type AdminListPaymentsQuery = z.infer<typeof AdminListPaymentsQuerySchema>;

/** What the page needs to take the money: nothing for an invoice, the widget's options for cards. */
export const PaymentCheckoutSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('manual') }),
  z.object({
    provider: z.literal('cloudpayments'),
    publicId: z.string(),
    description: z.string(),
    /** Rubles, as the widget takes them. */
    amount: z.number(),
    currency: z.literal('RUB'),
    invoiceId: z.string(),
    accountId: z.string(),
    email: z.string().nullable(),
  }),
]);
export type PaymentCheckout = z.infer<typeof PaymentCheckoutSchema>;

export const CreatePaymentResultSchema = z.object({
  payment: PaymentSchema,
  checkout: PaymentCheckoutSchema,
});
export type CreatePaymentResult = z.infer<typeof CreatePaymentResultSchema>;

/** A printable invoice (unpaid) or receipt (paid). */
export const PaymentReceiptSchema = z.object({
  kind: z.enum(['INVOICE', 'RECEIPT']),
  number: z.string(),
  issuedAt: z.string(),
  seller: z.object({ name: z.string(), email: z.string() }),
  buyer: z.object({ title: z.string(), email: z.string(), phone: z.string() }),
  description: z.string(),
  planTitle: z.string(),
  users: z.number().int(),
  months: z.number().int(),
  pricePerUserKopecks: z.number().int(),
  subtotalKopecks: z.number().int(),
  discountPercent: z.number().int(),
  discountKopecks: z.number().int(),
  amountKopecks: z.number().int(),
  status: PaymentStatusSchema,
  provider: PaymentProviderSchema,
  transactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
});
export type PaymentReceipt = z.infer<typeof PaymentReceiptSchema>;

/** The answer payment providers expect from a notification: 0 — accepted, else a refusal code. */
export const ProviderNotificationAnswerSchema = z.object({ code: z.number().int() });
export type ProviderNotificationAnswer = z.infer<typeof ProviderNotificationAnswerSchema>;

/** «СМ-000042»: the number of payment 42. */
export function paymentNumber(id: number): string {
  return `СМ-${String(id).padStart(6, '0')}`;
}
