import type { ListCorrectionRequestsQuery } from '@smena/contract';

/** Query keys of the correction requests: every mutation invalidates `correctionKeys.all`. */
export const correctionKeys = {
  all: ['correction-requests'] as const,
  list: (query: Partial<ListCorrectionRequestsQuery>) =>
    [...correctionKeys.all, 'list', query] as const,
  mine: (query: Partial<ListCorrectionRequestsQuery>) =>
    [...correctionKeys.all, 'mine', query] as const,
  pendingCount: () => [...correctionKeys.all, 'pending-count'] as const,
};
