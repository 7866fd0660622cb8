import type { AdminCompany, CreateAdminCompanyInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminCompaniesKeys } from './keys.ts';

/** A company with its first admin, on a trial as registration gives. */
export function createCompany(input: CreateAdminCompanyInput) {
  return apiClient.post<AdminCompany>('/admin/companies', input);
}

/** The form shows the errors itself. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKeys.all }),
  });
}
