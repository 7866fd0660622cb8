import type { ChangeNewPasswordInput, MessageResponse } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Sets a new password with the code sent by `restoreAccount`. */
export function changeNewPassword(input: ChangeNewPasswordInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/change-new-password', input, { auth: false });
}

export function useChangeNewPassword() {
  return useMutation({ mutationFn: changeNewPassword, meta: { silentError: true } });
}
