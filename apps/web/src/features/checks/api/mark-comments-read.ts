import type { MarkCommentsReadInput, MarkCommentsReadResult } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys } from './keys.ts';

/** Marks comments read for the caller; ids of comments the caller may not see are skipped. */
export function markCommentsRead(input: MarkCommentsReadInput): Promise<MarkCommentsReadResult> {
  return apiClient.post<MarkCommentsReadResult>('/comments/read', input);
}

export function useMarkCommentsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markCommentsRead,
    meta: { silentError: true },
    // Only the unread counters refresh: the comments on screen keep their «новый» mark until
    // the next visit, so the reader still sees what was new.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.unreadCount() }),
  });
}
