import type { CreateCompanyLinkInput, RegistrationLink } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** A link by which a new company registers itself with the given user limit. */
export function createCompanyLink(input: CreateCompanyLinkInput) {
  return apiClient.post<RegistrationLink>('/admin/registration-links', input);
}

/** The dialog shows the errors itself. */
export function useCreateCompanyLink() {
  return useMutation({ mutationFn: createCompanyLink, meta: { silentError: true } });
}
