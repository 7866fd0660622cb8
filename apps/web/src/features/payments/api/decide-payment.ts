import type { Payment } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/query-client.ts';
import { paymentsQueryKey } from './keys.ts';

/** The company's ADMIN withdraws an unpaid invoice. */
export function cancelPayment(id: number): Promise<Payment> {
  return apiClient.post<Payment>(`/payments/${id}/cancel`);
}

/** The super admin: the money arrived — the company's paid period is extended. */
export function markPaymentPaid(id: number): Promise<Payment> {
  return apiClient.post<Payment>(`/admin/payments/${id}/mark-paid`);
}

export function adminCancelPayment(id: number): Promise<Payment> {
  return apiClient.post<Payment>(`/admin/payments/${id}/cancel`);
}

function useInvalidatePayments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
      // Paid-until and the user limit live in the company's data (the page refreshes its plan).
      queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
    ]);
}

export function useCancelPayment() {
  const invalidate = useInvalidatePayments();
  return useMutation({ mutationFn: cancelPayment, onSuccess: invalidate });
}

export function useMarkPaymentPaid() {
  const invalidate = useInvalidatePayments();
  return useMutation({ mutationFn: markPaymentPaid, onSuccess: invalidate });
}

export function useAdminCancelPayment() {
  const invalidate = useInvalidatePayments();
  return useMutation({ mutationFn: adminCancelPayment, onSuccess: invalidate });
}
