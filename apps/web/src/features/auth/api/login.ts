import type { LoginInput, TokenPair } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function login(input: LoginInput): Promise<TokenPair> {
  return apiClient.post<TokenPair>('/auth/login', input, { auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { silentError: true, analytics: 'sign_in' } });
}
