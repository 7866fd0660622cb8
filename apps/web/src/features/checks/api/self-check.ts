import type { Check, SelfCheckInput, SelfCheckOutInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys } from './keys.ts';

export type SelfCheckAction = 'in' | 'out';

/** The employee's own check-in or check-out: the server's clock sets the time. */
export function selfCheck({
  action,
  input,
}: {
  action: SelfCheckAction;
  input: SelfCheckInput | SelfCheckOutInput;
}): Promise<Check> {
  return apiClient.post<Check>(action === 'in' ? '/checks/check-in' : '/checks/check-out', input);
}

/** Silent: the check-in card explains every refusal itself. */
export function useSelfCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selfCheck,
    meta: { silentError: true },
    onSuccess: (_check, { action }) => track(action === 'in' ? 'self_check_in' : 'self_check_out'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checksKeys.all }),
  });
}
