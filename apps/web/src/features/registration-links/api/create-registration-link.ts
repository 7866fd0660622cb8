import type { CreateEmployeeLinkInput, RegistrationLink } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { registrationLinksKeys } from './keys.ts';

/** A new employee invitation: optional department, position, end and number of uses. */
export function createRegistrationLink(input: CreateEmployeeLinkInput) {
  return apiClient.post<RegistrationLink>('/registration-links', input);
}

export function useCreateRegistrationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegistrationLink,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationLinksKeys.all }),
  });
}
