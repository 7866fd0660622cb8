import type { Check, CreateCheckInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys } from './keys.ts';

/** A manager's check (source «Вручную»); 409 when it overlaps another check of the employee. */
export function createCheck(input: CreateCheckInput): Promise<Check> {
  return apiClient.post<Check>('/checks/create', input);
}

export function useCreateCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheck,
    meta: { silentError: true, analytics: 'check_recorded' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.all }),
  });
}
