import { describe, expect, it } from 'vitest';
import {
  GRACE_PERIOD_DAYS,
  addMonths,
  extendPaidUntil,
  formatRubles,
  minimumPaidUsers,
  planStatusAt,
  quotePrice,
  type PlanPricing,
} from './plan-pricing.ts';
import { CreatePaymentInputSchema, CreatePlanInputSchema, paymentNumber } from './plans.ts';

const standard: PlanPricing = {
  pricePerUserKopecks: 15_000,
  discount3Months: 5,
  discount6Months: 10,
  discount12Months: 15,
};

describe('quotePrice', () => {
  it('charges users × months × price for one month, without a discount', () => {
    expect(quotePrice(standard, 10, 1)).toEqual({
      users: 10,
      months: 1,
      pricePerUserKopecks: 15_000,
      subtotalKopecks: 150_000,
      discountPercent: 0,
      discountKopecks: 0,
      totalKopecks: 150_000,
    });
  });

  it.each([
    [3, 5, 450_000, 22_500],
    [6, 10, 900_000, 90_000],
    [12, 15, 1_800_000, 270_000],
  ] as const)('takes the %i-month discount of %i %%', (months, percent, subtotal, discount) => {
    const quote = quotePrice(standard, 10, months);
    expect(quote.discountPercent).toBe(percent);
    expect(quote.subtotalKopecks).toBe(subtotal);
    expect(quote.discountKopecks).toBe(discount);
    expect(quote.totalKopecks).toBe(subtotal - discount);
  });

  it('rounds the discount half up to a whole kopeck', () => {
    // 1 user × 3 months × 0,33 ₽ = 99 kopecks; 5 % of it is 4,95 → 5 kopecks.
    const quote = quotePrice({ ...standard, pricePerUserKopecks: 33 }, 1, 3);
    expect(quote.discountKopecks).toBe(5);
    expect(quote.totalKopecks).toBe(94);
    // 7 % of 150 kopecks is 10,5 → 11.
    expect(
      quotePrice({ ...standard, pricePerUserKopecks: 50, discount3Months: 7 }, 1, 3)
        .discountKopecks,
    ).toBe(11);
  });

  it('stays exact for the largest orders', () => {
    const quote = quotePrice({ ...standard, pricePerUserKopecks: 10_000_000 }, 10_000, 12);
    expect(quote.subtotalKopecks).toBe(1_200_000_000_000);
    expect(Number.isSafeInteger(quote.totalKopecks)).toBe(true);
    expect(quote.totalKopecks).toBe(1_020_000_000_000);
  });
});

describe('minimumPaidUsers', () => {
  it('is the plan minimum, or the active users when there are more', () => {
    expect(minimumPaidUsers({ minUsers: 5 }, 2)).toBe(5);
    expect(minimumPaidUsers({ minUsers: 5 }, 12)).toBe(12);
    expect(minimumPaidUsers({ minUsers: 1 }, 0)).toBe(1);
  });
});

describe('paid period', () => {
  it('adds calendar months, clamping the day to a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 3).toISOString()).toBe(
      '2027-02-15T00:00:00.000Z',
    );
    expect(addMonths(new Date('2026-03-10T00:00:00Z'), 12).toISOString()).toBe(
      '2027-03-10T00:00:00.000Z',
    );
  });

  it('extends from the current end while it is ahead, else from now', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(extendPaidUntil(new Date('2026-06-01T00:00:00Z'), now, 1).toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
    expect(extendPaidUntil(new Date('2026-04-01T00:00:00Z'), now, 3).toISOString()).toBe(
      '2026-08-10T12:00:00.000Z',
    );
    expect(extendPaidUntil(null, now, 1).toISOString()).toBe('2026-06-10T12:00:00.000Z');
  });
});

describe('planStatusAt', () => {
  const end = new Date('2026-05-10T00:00:00Z');
  const at = (iso: string) => planStatusAt(end, new Date(iso));

  it('is active until paid-until, counting whole days left', () => {
    expect(at('2026-05-01T00:00:00Z')).toMatchObject({ state: 'ACTIVE', daysLeft: 9 });
    expect(at('2026-05-09T23:00:00Z')).toMatchObject({ state: 'ACTIVE', daysLeft: 1 });
    expect(at('2026-05-10T00:00:00Z')).toMatchObject({ state: 'ACTIVE', daysLeft: 0 });
  });

  it(`gives ${GRACE_PERIOD_DAYS} days of grace, then expires`, () => {
    expect(at('2026-05-10T00:00:01Z')).toMatchObject({ state: 'GRACE', daysLeft: 0 });
    expect(at('2026-05-13T00:00:00Z').state).toBe('GRACE');
    expect(at('2026-05-13T00:00:01Z').state).toBe('EXPIRED');
    expect(at('2026-05-13T00:00:01Z').graceUntil?.toISOString()).toBe('2026-05-13T00:00:00.000Z');
  });

  it('never limits a company without an end date', () => {
    expect(planStatusAt(null, new Date())).toEqual({
      state: 'ACTIVE',
      daysLeft: null,
      graceUntil: null,
    });
  });
});

describe('schemas and formatting', () => {
  it('accepts only the periods on sale', () => {
    expect(CreatePaymentInputSchema.safeParse({ users: 5, months: 6 }).success).toBe(true);
    const bad = CreatePaymentInputSchema.safeParse({ users: 5, months: 2 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Период: 1, 3, 6 или 12 месяцев');
  });

  it('refuses discounts above the cap and prices below a ruble', () => {
    const result = CreatePlanInputSchema.safeParse({
      title: 'Тест',
      pricePerUserKopecks: 50,
      trialDays: 14,
      discount3Months: 95,
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(['pricePerUserKopecks', 'discount3Months']);
  });

  it('formats rubles and invoice numbers the Russian way', () => {
    expect(formatRubles(150_000).replace(/\s/g, ' ')).toBe('1 500 ₽');
    expect(formatRubles(123_456).replace(/\s/g, ' ')).toBe('1 234,56 ₽');
    expect(paymentNumber(42)).toBe('СМ-000042');
  });
});
