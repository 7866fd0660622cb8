import type { Company } from '@smena/contract';
import { addDays } from '@smena/time';
import { useMemo } from 'react';
import { useComments } from './api/get-comments.ts';
import { useAttendanceDays } from './use-attendance-days.ts';
import { useNow } from './use-now.ts';
import { useZoneOf } from './use-zone-of.ts';
import { safeZone } from '../../lib/zoned-time.ts';
import { dateOf } from '../../lib/zoned-instants.ts';

/** How far back the employee's home looks. */
export const MY_HISTORY_WEEKS = 3;

/**
 * The employee's own recent dates for the home page: today's plan, the checks of the last
 * weeks with the attendance the API computed for them, and the comments on those dates.
 */
export function useMyAttendance(company: Company | undefined) {
  const nowMs = useNow();
  const zone = safeZone(company?.timezone);
  const today = dateOf(nowMs, zone);
  const from = addDays(today, -(MY_HISTORY_WEEKS * 7 - 1));
  const { zoneOf } = useZoneOf(company?.timezone);
  const comments = useComments({ from, to: today });
  const commentItems = comments.data;
  const extraDates = useMemo(
    () => [today, ...(commentItems ?? []).map((comment) => comment.date)],
    [today, commentItems],
  );
  const attendance = useAttendanceDays({
    owner: 'me',
    from,
    to: today,
    zoneOf,
    withAbsences: true,
    extraDates,
  });
  const todayPlan = attendance.plan.data?.find((plan) => plan.date === today);

  return {
    today,
    zone,
    zoneOf,
    todayPlan,
    planLoading: attendance.plan.isPending,
    // A company that publishes its schedule sends no plan of a month not published yet.
    planUnpublished: attendance.plan.isSuccess && todayPlan === undefined,
    days: attendance.days,
    comments: commentItems ?? [],
    loading: attendance.isPending || comments.isPending,
    error: attendance.error ?? comments.error,
  };
}
