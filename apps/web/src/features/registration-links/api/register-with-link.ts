import type { RegisterWithLinkInput, TokenPair } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** An employee registers through the company's invitation and is logged in. */
export function registerWithLink(input: RegisterWithLinkInput) {
  return apiClient.post<TokenPair>('/auth/register-with-link', input, { auth: false });
}

export function useRegisterWithLink() {
  return useMutation({ mutationFn: registerWithLink, meta: { silentError: true } });
}
