import type { NewPasswordInput, OkResponse } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Changes the password; a wrong current password answers 422 with a detail for `old`. */
export function changePassword(input: NewPasswordInput): Promise<OkResponse> {
  return apiClient.post<OkResponse>('/profile/new-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { silentError: true } });
}
