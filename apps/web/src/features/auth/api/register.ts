import type { RegisterCompanyInput, TokenPair } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Company self-registration; the person becomes the company's ADMIN. */
export function registerCompany(input: RegisterCompanyInput): Promise<TokenPair> {
  return apiClient.post<TokenPair>('/auth/register', input, { auth: false });
}

export function useRegisterCompany() {
  return useMutation({
    mutationFn: registerCompany,
    meta: { silentError: true, analytics: 'registration_completed' },
  });
}
