import type { CorrectionRequest, RejectCorrectionRequestInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { correctionKeys } from './keys.ts';

/** A manager's approval: the check or the date's code is corrected on the server (409 when decided). */
export function approveCorrectionRequest(id: number) {
  return apiClient.post<CorrectionRequest>(`/correction-requests/${id}/approve`);
}

export function rejectCorrectionRequest({
  id,
  input,
}: {
  id: number;
  input: RejectCorrectionRequestInput;
}) {
  return apiClient.post<CorrectionRequest>(`/correction-requests/${id}/reject`, input);
}

/** The employee takes back their own waiting request. */
export function withdrawCorrectionRequest(id: number) {
  return apiClient.post<CorrectionRequest>(`/correction-requests/${id}/withdraw`);
}

function useCorrectionMutation<T>(mutationFn: (input: T) => Promise<CorrectionRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionKeys.all }),
  });
}

/** Errors reach the person through the query client's notification (the server's message). */
export const useApproveCorrectionRequest = () => useCorrectionMutation(approveCorrectionRequest);
export const useWithdrawCorrectionRequest = () => useCorrectionMutation(withdrawCorrectionRequest);

/** The reject modal shows the server's field error under «Причина» itself. */
export function useRejectCorrectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectCorrectionRequest,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionKeys.all }),
  });
}
