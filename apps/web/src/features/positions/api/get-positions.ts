import type { Page, Position } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Root of every positions query: create, update and delete invalidate it. */
export const positionsQueryKey = ['positions'] as const;

/** Structure lists are small (the API allows up to 1000), so the page loads them whole. */
export const POSITIONS_FETCH_LIMIT = 1000;

export function fetchPositions(): Promise<Page<Position>> {
  return apiClient.get<Page<Position>>('/positions', {
    query: { page: 1, limit: POSITIONS_FETCH_LIMIT, sort: 'title', order: 'asc' },
  });
}

export function positionsQueryOptions() {
  return queryOptions({
    queryKey: [...positionsQueryKey, 'list'],
    queryFn: fetchPositions,
  });
}

export function usePositions() {
  return useQuery(positionsQueryOptions());
}
