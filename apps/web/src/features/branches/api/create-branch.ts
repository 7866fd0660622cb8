import type { Branch, CreateBranchInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { branchesQueryKey } from './get-branches.ts';

export function createBranch(input: CreateBranchInput): Promise<Branch> {
  return apiClient.post<Branch>('/branches', input);
}

/** The form shows the errors itself (fields or a notification). */
export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    meta: { silentError: true, analytics: 'branch_created' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesQueryKey }),
  });
}
