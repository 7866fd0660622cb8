import type { Branch, UpdateBranchInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { branchesQueryKey } from './get-branches.ts';

export function updateBranch({ id, input }: { id: number; input: UpdateBranchInput }) {
  return apiClient.patch<Branch>(`/branches/${id}`, input);
}

/** Silent: the form and the list report errors in their own way. */
export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranch,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesQueryKey }),
  });
}
