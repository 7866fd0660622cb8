import type { Comment, Page } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys, type CommentsQuery } from './keys.ts';

/** The API's largest page of comments. */
const COMMENTS_LIMIT = 100;

/** Comments on the days of a period, newest first (an EMPLOYEE: on their own days). */
export function fetchComments(query: CommentsQuery, signal?: AbortSignal) {
  return apiClient.get<Page<Comment>>('/comments', {
    query: { limit: COMMENTS_LIMIT, ...query },
    signal,
  });
}

export function commentsQueryOptions(query: CommentsQuery) {
  return queryOptions({
    queryKey: checksKeys.comments(query),
    queryFn: ({ signal }) => fetchComments(query, signal).then((page) => page.items),
  });
}

export function useComments(query: CommentsQuery, enabled = true) {
  return useQuery({ ...commentsQueryOptions(query), enabled });
}

/** How many comments the caller has not read yet (managers: on anyone's days). */
export function useUnreadCommentsCount(enabled = true) {
  return useQuery({
    queryKey: checksKeys.unreadCount(),
    queryFn: ({ signal }) =>
      apiClient
        .get<Page<Comment>>('/comments', { query: { limit: 1, unread: 'true' }, signal })
        .then((page) => page.total),
    enabled,
    refetchInterval: 60_000,
  });
}

/** A page of comments with the total (lists with pagination). */
export function useCommentsPage(query: CommentsQuery) {
  return useQuery({
    queryKey: [...checksKeys.commentsAll, 'page', query] as const,
    queryFn: ({ signal }) => fetchComments(query, signal),
    placeholderData: (previous) => previous,
  });
}
