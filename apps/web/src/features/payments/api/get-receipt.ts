import type { PaymentReceipt } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { paymentsQueryKey } from './keys.ts';

/** Whose receipt: the company's own (`company`) or any company's (`admin`, the super admin). */
export type ReceiptScope = 'company' | 'admin';

export function fetchReceipt(scope: ReceiptScope, id: number): Promise<PaymentReceipt> {
  const base = scope === 'admin' ? '/admin/payments' : '/payments';
  return apiClient.get<PaymentReceipt>(`${base}/${id}/receipt`);
}

export function receiptQueryOptions(scope: ReceiptScope, id: number) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'receipt', scope, id],
    queryFn: () => fetchReceipt(scope, id),
  });
}

export function useReceipt(scope: ReceiptScope, id: number | null) {
  return useQuery({ ...receiptQueryOptions(scope, id ?? 0), enabled: id !== null });
}
