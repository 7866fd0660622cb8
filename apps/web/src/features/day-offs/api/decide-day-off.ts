import type { DayOff, DecideDayOffInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { dayOffsKeys } from './keys.ts';

export type DayOffDecision = 'approve' | 'reject';

/** Approves or rejects a request; 409 when it was already decided or now overlaps another. */
export function decideDayOff({
  id,
  decision,
  input,
}: {
  id: number;
  decision: DayOffDecision;
  input: DecideDayOffInput;
}) {
  return apiClient.post<DayOff>(`/weekends/${id}/${decision}`, input);
}

/** Errors reach the person through the query client's notification (the server's message). */
export function useDecideDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDayOff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dayOffsKeys.all }),
  });
}
