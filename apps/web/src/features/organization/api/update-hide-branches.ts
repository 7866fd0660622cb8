import type { Company } from '@smena/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useCompanyMutation } from './use-company-mutation.ts';

/** Hides branches from menus, forms, filters and tables for everyone in the company. */
export function updateHideBranches(hideBranches: boolean): Promise<Company> {
  return apiClient.patch<Company>('/profile/company-hide-branches', { hideBranches });
}

export function useUpdateHideBranches() {
  return useCompanyMutation(updateHideBranches);
}
