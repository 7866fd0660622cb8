import type { Page, Plan } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Root of the super admin's plan queries: create, update and delete invalidate it. */
export const plansQueryKey = ['admin-plans'] as const;

/** Plans are few: the page loads them whole. */
export const PLANS_FETCH_LIMIT = 100;

export function fetchPlans(): Promise<Page<Plan>> {
  return apiClient.get<Page<Plan>>('/admin/plans', {
    query: { page: 1, limit: PLANS_FETCH_LIMIT },
  });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: [...plansQueryKey, 'list'],
    queryFn: fetchPlans,
    placeholderData: keepPreviousData,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
