import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { registrationLinksKeys } from './keys.ts';

/** «Отозвать»: the link stops working; people who registered with it stay. */
export function revokeRegistrationLink(id: string) {
  return apiClient.delete<unknown>(`/registration-links/${encodeURIComponent(id)}`);
}

export function useRevokeRegistrationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRegistrationLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationLinksKeys.all }),
  });
}
