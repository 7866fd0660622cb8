import type { BulkEmployeesInput, BulkResult, Page, Schedule } from '@smena/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

/** One action over many employees: the ids picked or everyone matching the list's filters. */
export function bulkEmployees(input: BulkEmployeesInput) {
  return apiClient.post<BulkResult>('/employees/bulk', input);
}

export function useBulkEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkEmployees,
    meta: { silentError: true },
    // Schedules and the calendar show who works where and on which schedule.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['schedules'] }),
        queryClient.invalidateQueries({ queryKey: ['calendar'] }),
      ]),
  });
}

export type ScheduleOption = { id: number; title: string };

/** The company's schedules for «Назначить график» (the schedules page owns the full records). */
export function scheduleOptionsQueryOptions() {
  return queryOptions({
    // Starts with the schedules' root key, so that their changes refresh it.
    queryKey: ['schedules', 'select-options'],
    queryFn: async ({ signal }): Promise<ScheduleOption[]> => {
      const page = await apiClient.get<Page<Schedule>>('/schedules', {
        query: { page: 1, limit: 1000, sort: 'title', order: 'asc' },
        signal,
      });
      return page.items.map(({ id, title }) => ({ id, title }));
    },
    staleTime: 60_000,
  });
}

export function useScheduleOptions() {
  return useQuery(scheduleOptionsQueryOptions());
}
