import type { Check, UpdateCheckInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys } from './keys.ts';

/** A correction with its reason (kept in the check's history). */
export function updateCheck({ id, input }: { id: number; input: UpdateCheckInput }) {
  return apiClient.patch<Check>(`/checks/${id}`, input);
}

export function useUpdateCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCheck,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.all }),
  });
}
