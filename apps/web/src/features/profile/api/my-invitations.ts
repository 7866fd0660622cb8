import type {
  InvitationAccepted,
  MyCompanies,
  MyInvitations,
  OkResponse,
  TokenPair,
} from '@smena/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/query-client.ts';

/** The person's invitations and companies belong to the signed-in user: reset with their data. */
export const profileKeys = {
  invitations: [...userDataQueryKey, 'invitations'] as const,
  companies: [...userDataQueryKey, 'companies'] as const,
};

export function fetchMyInvitations(): Promise<MyInvitations> {
  return apiClient.get<MyInvitations>('/profile/invitations');
}

export function myInvitationsQueryOptions() {
  return queryOptions({ queryKey: profileKeys.invitations, queryFn: fetchMyInvitations });
}

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}

export function acceptInvitation(id: number): Promise<InvitationAccepted> {
  return apiClient.post<InvitationAccepted>(`/profile/invitations/${id}/accept`);
}

export function declineInvitation(id: number): Promise<OkResponse> {
  return apiClient.post<OkResponse>(`/profile/invitations/${id}/decline`);
}

function useAnswer<T>(mutationFn: (id: number) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silentError: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.invitations }),
        queryClient.invalidateQueries({ queryKey: profileKeys.companies }),
      ]),
  });
}

export const useAcceptInvitation = () => useAnswer(acceptInvitation);
export const useDeclineInvitation = () => useAnswer(declineInvitation);

export function fetchMyCompanies(): Promise<MyCompanies> {
  return apiClient.get<MyCompanies>('/profile/companies');
}

export function myCompaniesQueryOptions() {
  return queryOptions({ queryKey: profileKeys.companies, queryFn: fetchMyCompanies });
}

export function useMyCompanies() {
  return useQuery(myCompaniesQueryOptions());
}

/** A new session in another of the person's companies; the current one ends on the server. */
export function switchCompany(companyId: number): Promise<TokenPair> {
  return apiClient.post<TokenPair>(`/profile/companies/${companyId}/switch`);
}
