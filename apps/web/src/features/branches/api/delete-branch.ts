import type { DeleteResult } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { branchesQueryKey } from './get-branches.ts';

/** Deletes the branch, or archives it when employees or records use it (`result` says which). */
export function deleteBranch(id: number): Promise<DeleteResult> {
  return apiClient.delete<DeleteResult>(`/branches/${id}`);
}

export function useDeleteBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBranch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesQueryKey }),
  });
}
