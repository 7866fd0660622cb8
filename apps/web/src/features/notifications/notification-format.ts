import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../lib/dates.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** «только что», «5 мин назад», «3 ч назад»; older than a day: the date, `yyyy-MM-dd`. */
export function formatRelativeTime(createdAt: string, now: number): string {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  // A clock a little ahead of ours still means «just now».
  if (elapsed < MINUTE) return 'только что';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} мин назад`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} ч назад`;
  return dayjs(time).format(DATE_FORMAT);
}

/** The full moment for a tooltip: `yyyy-MM-dd HH:mm`. */
export function formatMoment(createdAt: string): string {
  const date = dayjs(createdAt);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

/** What the bell's button says to a screen reader. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Уведомления';
  return `Уведомления: ${unread} ${plural(unread, ['непрочитанное', 'непрочитанных', 'непрочитанных'])}`;
}

/** Russian plural forms: one, few, many (1 уведомление, 2 уведомления, 5 уведомлений). */
export function plural(count: number, forms: readonly [string, string, string]): string {
  const tens = Math.abs(count) % 100;
  const ones = tens % 10;
  if (tens > 10 && tens < 20) return forms[2];
  if (ones === 1) return forms[0];
  if (ones >= 2 && ones <= 4) return forms[1];
  return forms[2];
}

/** Only paths of this app are followed from a notification. */
export function appPath(url: string): string | null {
  return url.startsWith('/') && !url.startsWith('//') ? url : null;
}
