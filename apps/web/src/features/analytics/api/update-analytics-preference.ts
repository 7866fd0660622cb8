import type { AnalyticsPreference } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { analyticsPreferenceQueryKey } from './get-analytics-preference.ts';

/** Switches the person's product events on or off. */
export function updateAnalyticsPreference(
  input: AnalyticsPreference,
): Promise<AnalyticsPreference> {
  return apiClient.put<AnalyticsPreference>('/profile/analytics', input);
}

export function useUpdateAnalyticsPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnalyticsPreference,
    // The switch follows at once; the tracker reads the same query.
    onMutate: (input) => queryClient.setQueryData(analyticsPreferenceQueryKey, input),
    onError: () => queryClient.invalidateQueries({ queryKey: analyticsPreferenceQueryKey }),
    onSuccess: (saved, input) =>
      queryClient.setQueryData(analyticsPreferenceQueryKey, saved ?? input),
  });
}
