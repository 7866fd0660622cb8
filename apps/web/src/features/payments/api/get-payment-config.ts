import type { PublicConfig } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type PaymentConfig = Pick<PublicConfig, 'paymentProvider' | 'cloudPaymentsPublicId'>;

const MANUAL: PaymentConfig = { paymentProvider: 'manual', cloudPaymentsPublicId: null };

/** How this installation takes payments (from the public config; invoices when unknown). */
export async function fetchPaymentConfig(): Promise<PaymentConfig> {
  const config = await apiClient.get<Partial<PublicConfig> | undefined>('/config/public', {
    auth: false,
  });
  const publicId = config?.cloudPaymentsPublicId;
  return config?.paymentProvider === 'cloudpayments' && typeof publicId === 'string' && publicId
    ? { paymentProvider: 'cloudpayments', cloudPaymentsPublicId: publicId }
    : MANUAL;
}

export function paymentConfigQueryOptions() {
  return queryOptions({
    // Its own key: the branches feature keeps its own view of the same endpoint.
    queryKey: ['config', 'public', 'payments'],
    queryFn: fetchPaymentConfig,
    staleTime: Infinity,
  });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
