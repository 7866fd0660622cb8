import type { CompanyPlan } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Root of the company's plan queries: a payment invalidates it. */
export const companyPlanQueryKey = ['company-plan'] as const;

export function fetchCompanyPlan(): Promise<CompanyPlan> {
  return apiClient.get<CompanyPlan>('/plan');
}

export function companyPlanQueryOptions() {
  return queryOptions({ queryKey: companyPlanQueryKey, queryFn: fetchCompanyPlan });
}

export function useCompanyPlan() {
  return useQuery(companyPlanQueryOptions());
}
