import type { RegistrationLink } from '@smena/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { paths } from '../../config/paths.ts';
import { DATE_TIME_FORMAT } from '../../lib/dates.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The query parameter of `/register-with-link` that carries the invitation's id. */
export const LINK_UUID_PARAM = 'uuid';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** `https://smena.example/register-with-link?uuid=<id>`: what the employee opens. */
export function invitationUrl(origin: string, id: string): string {
  const base = origin.replace(/\/+$/, '');
  return `${base}${paths.registerWithLink}?${LINK_UUID_PARAM}=${encodeURIComponent(id)}`;
}

/** «использовано 2 из 10», or «использовано 2, без ограничений». */
export function usageLabel(link: Pick<RegistrationLink, 'usedCount' | 'maxUses'>): string {
  return link.maxUses === null
    ? `использовано ${link.usedCount}, без ограничений`
    : `использовано ${link.usedCount} из ${link.maxUses}`;
}

/** «Отдел «Продажи» · Должность «Кассир»», or that the employee chooses nothing. */
export function scopeLabel(
  link: Pick<RegistrationLink, 'departmentTitle' | 'positionTitle'>,
): string {
  const parts = [
    link.departmentTitle ? `Отдел «${link.departmentTitle}»` : null,
    link.positionTitle ? `Должность «${link.positionTitle}»` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Без отдела и должности';
}

/** The instant that ends day `date` (`YYYY-MM-DD`) in `timeZone`, as ISO with the zone's offset. */
export function endOfDayInZone(date: string, timeZone: string): string {
  return dayjs.tz(`${date} 23:59:59`, 'YYYY-MM-DD HH:mm:ss', timeZone).format();
}

/** «до 2025-03-31 23:59» in the company's timezone, or «бессрочно». */
export function expiryLabel(expiresAt: string | null, timeZone: string): string {
  if (!expiresAt) return 'бессрочно';
  return `до ${dayjs(expiresAt).tz(timeZone).format(DATE_TIME_FORMAT)}`;
}

/** «Ромашка» in quotes; a title that has its own quotes (ООО «Ромашка») is left as it is. */
export function quoted(title: string): string {
  return /[«»"„“]/.test(title) ? title : `«${title}»`;
}
