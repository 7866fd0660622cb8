// No zod here: the app's layout shows the plan's state and price on every page, and a module that
// builds schemas would bring zod into each page's first load. The schemas are in plans.ts.

/**
 * Plans, prices and payments. Money is in kopecks (integers) everywhere on the wire; the price of
 * a payment is computed by `quotePrice` below, on the page (live) and on the server (charged), so
 * that the two cannot differ.
 */

// ---------- Constants ----------

/** Periods a company may pay for, in months. */
export const PAYMENT_PERIODS = [1, 3, 6, 12] as const;
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number];

/** Days after the paid period (or the trial) during which the company still works normally. */
export const GRACE_PERIOD_DAYS = 3;

export const PAYMENT_USERS_MAX = 10_000;
/** 100 000 ₽ per user and month: far above any real price, well inside integer columns. */
export const PLAN_PRICE_MAX_KOPECKS = 10_000_000;
export const PLAN_DISCOUNT_MAX = 90;
export const PLAN_TRIAL_DAYS_MAX = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------- Price ----------

/** What the price depends on: the plan's price per user and month and its period discounts. */
export type PlanPricing = {
  pricePerUserKopecks: number;
  discount3Months: number;
  discount6Months: number;
  discount12Months: number;
};

export type PriceQuote = {
  users: number;
  months: PaymentPeriod;
  pricePerUserKopecks: number;
  /** users × months × price, before the discount. */
  subtotalKopecks: number;
  discountPercent: number;
  discountKopecks: number;
  /** What is charged. */
  totalKopecks: number;
};

/** The plan's discount in percent for a period (none for one month). */
export function discountPercentFor(plan: PlanPricing, months: PaymentPeriod): number {
  switch (months) {
    case 3:
      return plan.discount3Months;
    case 6:
      return plan.discount6Months;
    case 12:
      return plan.discount12Months;
    default:
      return 0;
  }
}

/**
 * The price of `users` seats for `months`: users × months × price − discount, in whole kopecks.
 * The discount is rounded half up to a kopeck (integer arithmetic, no floating point drift).
 */
export function quotePrice(plan: PlanPricing, users: number, months: PaymentPeriod): PriceQuote {
  const subtotalKopecks = users * months * plan.pricePerUserKopecks;
  const discountPercent = discountPercentFor(plan, months);
  const discountKopecks = Math.floor((subtotalKopecks * discountPercent + 50) / 100);
  return {
    users,
    months,
    pricePerUserKopecks: plan.pricePerUserKopecks,
    subtotalKopecks,
    discountPercent,
    discountKopecks,
    totalKopecks: subtotalKopecks - discountKopecks,
  };
}

/** The fewest seats a company may pay for: the plan's minimum, and never fewer than active users. */
export function minimumPaidUsers(plan: { minUsers: number }, activeUsers: number): number {
  return Math.max(1, plan.minUsers, activeUsers);
}

/** «1 234,50 ₽» from kopecks (no fraction when it is zero: «1 500 ₽»). */
export function formatRubles(kopecks: number): string {
  const hasFraction = kopecks % 100 !== 0;
  return new Intl.NumberFormat('ru-RU', {
    style: 'currency',
    currency: 'RUB',
    minimumFractionDigits: hasFraction ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(kopecks / 100);
}

// ---------- Paid period ----------

/** Adds calendar months in UTC; the 31st becomes the last day of a shorter month. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** A confirmed payment adds its months after the later of now and the current paid-until. */
export function extendPaidUntil(paidUntil: Date | null, now: Date, months: number): Date {
  const start = paidUntil && paidUntil.getTime() > now.getTime() ? paidUntil : now;
  return addMonths(start, months);
}

export const planStates = ['ACTIVE', 'GRACE', 'EXPIRED'] as const;
/** ACTIVE — paid (or trial); GRACE — period over, writes still allowed; EXPIRED — read only. */
export type PlanState = (typeof planStates)[number];

export type PlanStatus = {
  state: PlanState;
  /** Whole days until paid-until (0 once it passed); null when the company has no end date. */
  daysLeft: number | null;
  /** When writes stop: paid-until plus the grace period. */
  graceUntil: Date | null;
};

/**
 * Where a company stands at `now`. A company without an end date (created by the super admin
 * without one) is not limited.
 */
export function planStatusAt(paidUntil: Date | string | null, now: Date): PlanStatus {
  if (paidUntil === null) return { state: 'ACTIVE', daysLeft: null, graceUntil: null };
  const end = typeof paidUntil === 'string' ? new Date(paidUntil) : paidUntil;
  const graceUntil = new Date(end.getTime() + GRACE_PERIOD_DAYS * DAY_MS);
  const left = end.getTime() - now.getTime();
  const daysLeft = Math.max(0, Math.ceil(left / DAY_MS));
  if (left >= 0) return { state: 'ACTIVE', daysLeft, graceUntil };
  if (now.getTime() <= graceUntil.getTime()) return { state: 'GRACE', daysLeft, graceUntil };
  return { state: 'EXPIRED', daysLeft, graceUntil };
}
