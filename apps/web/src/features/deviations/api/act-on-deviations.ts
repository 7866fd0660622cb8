import type { BulkResult, DeviationActionInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { deviationsKeys } from './keys.ts';

/** One action on one or many deviations; each item is applied or refused on its own. */
export function actOnDeviations(input: DeviationActionInput) {
  return apiClient.post<BulkResult>('/deviations/actions', input);
}

/**
 * `onApplied`: what else to refresh — a code or an approved overtime changes the timesheet,
 * which the page composing this feature knows.
 */
export function useActOnDeviations(onApplied?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnDeviations,
    meta: { silentError: true },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: deviationsKeys.all }), onApplied?.()]),
  });
}
