import type { AdminCompany, UpdateAdminCompanyInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminCompaniesKeys } from './keys.ts';

export function updateCompany({ id, input }: { id: number; input: UpdateAdminCompanyInput }) {
  return apiClient.patch<AdminCompany>(`/admin/companies/${id}`, input);
}

/** The form shows the errors itself. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKeys.all }),
  });
}
