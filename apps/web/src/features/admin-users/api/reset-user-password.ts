import type { MessageResponse } from '@smena/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Sends the user the restore code by SMS, as «Забыли пароль?» does. */
export function resetUserPassword(id: number) {
  return apiClient.post<MessageResponse>(`/admin/users/${id}/reset-password`);
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
