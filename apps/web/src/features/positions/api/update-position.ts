import type { CreatePositionInput, Position } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { positionsQueryKey } from './get-positions.ts';

export function updatePosition({
  id,
  input,
}: {
  id: number;
  input: Partial<CreatePositionInput>;
}): Promise<Position> {
  return apiClient.patch<Position>(`/positions/${id}`, input);
}

/** The form shows the errors itself (fields or a notification). */
export function useUpdatePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePosition,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: positionsQueryKey }),
  });
}
