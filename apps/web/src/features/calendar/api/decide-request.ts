import type { DayOff } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { calendarKeys, dayOffsRootKey } from './keys.ts';

export type RequestDecision = 'approve' | 'reject';

/** Approves or rejects an employee's day-off request; 409 when it was decided meanwhile. */
export function decideRequest({
  id,
  decision,
  comment,
}: {
  id: number;
  decision: RequestDecision;
  comment?: string;
}) {
  return apiClient.post<DayOff>(`/weekends/${id}/${decision}`, comment ? { comment } : {});
}

/** The cell editor shows the error itself, next to the request. */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRequest,
    meta: { silentError: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
        queryClient.invalidateQueries({ queryKey: dayOffsRootKey }),
      ]),
  });
}
