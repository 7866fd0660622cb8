import type { CompanyInvitation, CompanyInvitationsPage } from '@smena/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

/** The company's invitations of existing accounts that wait for an answer. */
export function fetchPendingInvitations(): Promise<CompanyInvitationsPage> {
  return apiClient.get<CompanyInvitationsPage>('/invitations', {
    query: { status: 'PENDING', limit: 100 },
  });
}

export function pendingInvitationsQueryOptions() {
  return queryOptions({
    queryKey: employeesKeys.invitations(),
    queryFn: fetchPendingInvitations,
  });
}

export function usePendingInvitations() {
  return useQuery(pendingInvitationsQueryOptions());
}

export function cancelInvitation(id: number): Promise<CompanyInvitation> {
  return apiClient.post<CompanyInvitation>(`/invitations/${id}/cancel`);
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  });
}
