import type {
  MonthPeriod,
  MonthPeriodKey,
  MonthPeriods,
  ReopenMonthPeriodInput,
} from '@smena/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reportsKeys, type MonthPeriodQuery } from './keys.ts';

/** `GET /month-periods` for one branch or department: the month's approval state. */
export function fetchMonthPeriods(query: MonthPeriodQuery, signal?: AbortSignal) {
  return apiClient.get<MonthPeriods>('/month-periods', { query, signal });
}

export function monthPeriodQueryOptions(query: MonthPeriodQuery) {
  return queryOptions({
    queryKey: reportsKeys.monthPeriod(query),
    queryFn: ({ signal }) => fetchMonthPeriods(query, signal),
    select: (answer: MonthPeriods): MonthPeriod | null => answer.items[0] ?? null,
  });
}

/** Asked only when a branch or a department is chosen: a month is approved per unit. */
export function useMonthPeriod(query: MonthPeriodQuery | null) {
  return useQuery({
    ...monthPeriodQueryOptions(query ?? { month: '' }),
    enabled: query !== null,
  });
}

type Step = 'submit' | 'approve' | 'reopen';

export function changeMonthPeriod(step: Step, input: MonthPeriodKey | ReopenMonthPeriodInput) {
  return apiClient.post<MonthPeriod>(`/month-periods/${step}`, input);
}

/**
 * Submit, approve or reopen; the T-13 queries are refreshed too (an approval changes what may be
 * edited, and the timesheet's status line).
 */
export function useChangeMonthPeriod(step: Step) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MonthPeriodKey | ReopenMonthPeriodInput) => changeMonthPeriod(step, input),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
  });
}

/** The unit of the timesheet's filters a month is approved for: one branch or one department. */
export function monthPeriodQueryOf(filters: {
  month: string;
  branchId?: number | undefined;
  departmentId?: number | undefined;
}): MonthPeriodQuery | null {
  const { month, branchId, departmentId } = filters;
  if ((branchId === undefined) === (departmentId === undefined)) return null;
  return branchId !== undefined ? { month, branchId } : { month, departmentId: departmentId! };
}
