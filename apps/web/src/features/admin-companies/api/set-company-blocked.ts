import type { AdminCompany } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminCompaniesKeys } from './keys.ts';

/** Blocks (its users lose access at once) or unblocks a company. */
export function setCompanyBlocked({ id, blocked }: { id: number; blocked: boolean }) {
  return apiClient.post<AdminCompany>(`/admin/companies/${id}/${blocked ? 'block' : 'unblock'}`);
}

export function useSetCompanyBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKeys.all }),
  });
}
