import { dayOffTypeLabels, type PendingDayOff } from '@smena/contract';

const NONE: ReadonlyMap<string, PendingDayOff> = new Map();

/**
 * The pending request covering each date of the row (the first one when several overlap).
 * Built once per row, so that a cell looks its date up instead of scanning the requests.
 */
export function pendingByDate(
  requests: readonly PendingDayOff[],
  dates: readonly { date: string }[],
): ReadonlyMap<string, PendingDayOff> {
  if (requests.length === 0) return NONE;
  const byDate = new Map<string, PendingDayOff>();
  for (const request of requests)
    for (const { date } of dates)
      // `YYYY-MM-DD` strings compare as dates.
      if (request.from <= date && date <= request.to && !byDate.has(date))
        byDate.set(date, request);
  return byDate;
}

/** The requests that cover one date. */
export function pendingOn(requests: readonly PendingDayOff[], date: string): PendingDayOff[] {
  return requests.filter((request) => request.from <= date && date <= request.to);
}

function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** «2026-11-10 — 2026-11-14 (5 дн.)»; one day reads «2026-11-10 (1 дн.)». */
export function periodText(from: string, to: string): string {
  const days = Math.max(dayNumber(to) - dayNumber(from) + 1, 0);
  return `${from === to ? from : `${from} — ${to}`} (${days} дн.)`;
}

/** «Заявка на отсутствие: Отпуск, 2026-11-10 — 2026-11-14 (5 дн.), ожидает решения». */
export function requestText(request: PendingDayOff): string {
  return `Заявка на отсутствие: ${dayOffTypeLabels[request.type]}, ${periodText(request.from, request.to)}, ожидает решения`;
}
