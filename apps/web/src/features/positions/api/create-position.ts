import type { CreatePositionInput, Position } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { positionsQueryKey } from './get-positions.ts';

export function createPosition(input: CreatePositionInput): Promise<Position> {
  return apiClient.post<Position>('/positions', input);
}

/** The form shows the errors itself (fields or a notification). */
export function useCreatePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPosition,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: positionsQueryKey }),
  });
}
