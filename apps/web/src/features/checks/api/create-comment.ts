import type { Comment, CreateCommentInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys } from './keys.ts';

/** A comment on a day (an employee: on their own day). */
export function createComment(input: CreateCommentInput): Promise<Comment> {
  return apiClient.post<Comment>('/comments', input);
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    meta: { silentError: true, analytics: 'comment_created' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKeys.commentsAll }),
  });
}
