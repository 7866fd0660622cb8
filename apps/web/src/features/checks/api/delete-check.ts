import type { DeleteCheckInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys } from './keys.ts';

/** Soft delete with a reason: the check leaves lists and reports, its history stays. */
export function deleteCheck({ id, input }: { id: number; input: DeleteCheckInput }) {
  return apiClient.delete<{ result: 'deleted' }>(`/checks/${id}`, { body: input });
}

export function useDeleteCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCheck,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.all }),
  });
}
