import type { CreatePaymentInput, CreatePaymentResult } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { paymentsQueryKey } from './keys.ts';

export function createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
  return apiClient.post<CreatePaymentResult>('/payments', input);
}

/** Silent: the plan page puts field errors next to the inputs. */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayment,
    meta: { silentError: true, analytics: 'payment_started' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
  });
}
