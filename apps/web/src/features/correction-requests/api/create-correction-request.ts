import type { CorrectionRequest, CreateCorrectionRequestInput } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { correctionKeys } from './keys.ts';

/** The caller asks to correct their own date; it waits for a manager. */
export function createCorrectionRequest(input: CreateCorrectionRequestInput) {
  return apiClient.post<CorrectionRequest>('/correction-requests', input);
}

export function useCreateCorrectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCorrectionRequest,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionKeys.all }),
  });
}
