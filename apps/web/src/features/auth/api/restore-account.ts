import type { MessageResponse, RestoreAccountInput } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Sends a one-time code to the phone. */
export function restoreAccount(input: RestoreAccountInput): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/restore-account', input, { auth: false });
}

export function useRestoreAccount() {
  return useMutation({ mutationFn: restoreAccount, meta: { silentError: true } });
}
