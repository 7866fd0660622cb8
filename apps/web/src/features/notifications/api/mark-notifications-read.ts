import type { MarkNotificationsReadInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { notificationsKeys } from './keys.ts';

export type MarkNotificationsReadResult = { marked: number };

/** Marks the given notifications read, or all of the caller's when `ids` is absent. */
export function markNotificationsRead(
  input: MarkNotificationsReadInput,
): Promise<MarkNotificationsReadResult> {
  return apiClient.post<MarkNotificationsReadResult>('/notifications/read', input);
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
