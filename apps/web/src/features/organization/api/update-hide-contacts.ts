import type { Company } from '@smena/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useCompanyMutation } from './use-company-mutation.ts';

/** Hides employees' phones and emails from managers and other employees. */
export function updateHideContacts(hideContacts: boolean): Promise<Company> {
  return apiClient.post<Company>('/profile/company-hide-contacts', { hideContacts });
}

export function useUpdateHideContacts() {
  return useCompanyMutation(updateHideContacts);
}
