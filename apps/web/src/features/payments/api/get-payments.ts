import type { AdminListPaymentsQuery, Page, Payment, PaymentStatus } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { paymentsQueryKey } from './keys.ts';

export type PaymentsFilter = { page: number; limit: number; status?: PaymentStatus };

export function fetchPayments(filter: PaymentsFilter): Promise<Page<Payment>> {
  return apiClient.get<Page<Payment>>('/payments', { query: filter });
}

/** The company's payment history (ADMIN and MANAGER). */
export function paymentsQueryOptions(filter: PaymentsFilter) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'company', filter],
    queryFn: () => fetchPayments(filter),
    placeholderData: keepPreviousData,
  });
}

export function usePayments(filter: PaymentsFilter, enabled = true) {
  return useQuery({ ...paymentsQueryOptions(filter), enabled });
}

export type AdminPaymentsFilter = Partial<
  Pick<AdminListPaymentsQuery, 'search' | 'status' | 'provider' | 'from' | 'to'>
> & { page: number; limit: number };

export function fetchAdminPayments(filter: AdminPaymentsFilter): Promise<Page<Payment>> {
  return apiClient.get<Page<Payment>>('/admin/payments', { query: filter });
}

/** Every company's payments (the super admin's «Платежи»). */
export function adminPaymentsQueryOptions(filter: AdminPaymentsFilter) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'admin', filter],
    queryFn: () => fetchAdminPayments(filter),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayments(filter: AdminPaymentsFilter) {
  return useQuery(adminPaymentsQueryOptions(filter));
}
