import {
  discountPercentFor,
  formatRubles,
  type PaymentPeriod,
  type PlanPricing,
} from '@smena/contract';
import { formatCount } from '../../components/layout/public-page-layout.tsx';

export const MONTH_FORMS = { one: 'месяц', few: 'месяца', many: 'месяцев' };
export const USER_FORMS = { one: 'пользователь', few: 'пользователя', many: 'пользователей' };
export const DAY_FORMS = { one: 'день', few: 'дня', many: 'дней' };

/** «3 месяца». */
export function periodLabel(months: number): string {
  return formatCount(months, MONTH_FORMS);
}

/** «150 ₽ за пользователя в месяц». */
export function pricePerUserLabel(kopecks: number): string {
  return `${formatRubles(kopecks)} за пользователя в месяц`;
}

/** «−10 %» for a period with a discount, '' without one. */
export function discountLabel(plan: PlanPricing, months: PaymentPeriod): string {
  const percent = discountPercentFor(plan, months);
  return percent > 0 ? `−${percent} %` : '';
}

/** Rubles typed in a form (up to two decimals) → kopecks; null for an empty field. */
export function rublesToKopecks(rubles: number | null | undefined): number | null {
  if (rubles === null || rubles === undefined || Number.isNaN(rubles)) return null;
  return Math.round(rubles * 100);
}
