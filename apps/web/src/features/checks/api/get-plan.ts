import { MAX_PLAN_DAYS, type DayPlan } from '@smena/contract';
import { addDays, daysBetween } from '@smena/time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys, type PlanOwner } from './keys.ts';

function fetchPlanPart(owner: PlanOwner, from: string, to: string, signal?: AbortSignal) {
  const path = owner === 'me' ? '/profile/plan' : `/employees/${owner}/plan`;
  return apiClient.get<DayPlan[]>(path, { query: { from, to }, signal });
}

/** The day plans of a range of any length: the API answers at most 62 days at a time. */
export async function fetchPlan(
  owner: PlanOwner,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<DayPlan[]> {
  const parts: Promise<DayPlan[]>[] = [];
  for (let start = from; daysBetween(start, to) >= 0; start = addDays(start, MAX_PLAN_DAYS)) {
    const end =
      daysBetween(addDays(start, MAX_PLAN_DAYS - 1), to) < 0
        ? to
        : addDays(start, MAX_PLAN_DAYS - 1);
    parts.push(fetchPlanPart(owner, start, end, signal));
  }
  return (await Promise.all(parts)).flat();
}

export function planQueryOptions(owner: PlanOwner, from: string, to: string) {
  return queryOptions({
    queryKey: checksKeys.plan(owner, from, to),
    queryFn: ({ signal }) => fetchPlan(owner, from, to, signal),
    staleTime: 60_000,
  });
}

/** The caller's own plan (`me`) or an employee's (ADMIN/MANAGER). */
export function usePlan(owner: PlanOwner, from: string, to: string, enabled = true) {
  return useQuery({ ...planQueryOptions(owner, from, to), enabled });
}
