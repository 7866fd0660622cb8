import type { Company } from '@smena/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useCompanyMutation } from './use-company-mutation.ts';

/** Hides departments from menus, forms, filters and tables for everyone in the company. */
export function updateHideDepartments(hideDepartments: boolean): Promise<Company> {
  return apiClient.patch<Company>('/profile/company-hide-departments', { hideDepartments });
}

export function useUpdateHideDepartments() {
  return useCompanyMutation(updateHideDepartments);
}
