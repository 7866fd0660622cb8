import type { RegisterWithCompanyLinkInput, TokenPair } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** A company is created through a company invitation; the person becomes its admin. */
export function registerWithCompanyLink(input: RegisterWithCompanyLinkInput) {
  return apiClient.post<TokenPair>('/auth/register-with-company-link', input, { auth: false });
}

export function useRegisterWithCompanyLink() {
  return useMutation({
    mutationFn: registerWithCompanyLink,
    meta: { silentError: true, analytics: 'registration_completed' },
  });
}
