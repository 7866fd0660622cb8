import type { Company, UpdateOrganizationInput } from '@smena/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useCompanyMutation } from './use-company-mutation.ts';

/** Saves the organization's data (ADMIN only); answers with the whole company. */
export function updateOrganization(input: UpdateOrganizationInput): Promise<Company> {
  return apiClient.patch<Company>('/profile/company', input);
}

export function useUpdateOrganization() {
  return useCompanyMutation(updateOrganization);
}
