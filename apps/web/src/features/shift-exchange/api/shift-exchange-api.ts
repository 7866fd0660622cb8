import type {
  AvailableOpenShiftList,
  ClaimStatus,
  ClaimWithShift,
  CreateOpenShiftInput,
  DayPlan,
  MySwaps,
  OfferSwapInput,
  OpenShift,
  ShiftExchangePending,
  ShiftSwap,
  SwapColleague,
  SwapStatus,
} from '@smena/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Query keys of open shifts and hand-overs: every mutation invalidates `shiftExchangeKeys.all`. */
export const shiftExchangeKeys = {
  all: ['shift-exchange'] as const,
  available: () => [...shiftExchangeKeys.all, 'available'] as const,
  mySwaps: () => [...shiftExchangeKeys.all, 'my-swaps'] as const,
  myPlan: (from: string, to: string) => [...shiftExchangeKeys.all, 'my-plan', from, to] as const,
  colleagues: (date: string, start: string) =>
    [...shiftExchangeKeys.all, 'colleagues', date, start] as const,
  openShifts: (from: string) => [...shiftExchangeKeys.all, 'open-shifts', from] as const,
  claims: (status: ClaimStatus | undefined) =>
    [...shiftExchangeKeys.all, 'claims', status] as const,
  swaps: (status: SwapStatus | undefined) => [...shiftExchangeKeys.all, 'swaps', status] as const,
  pending: () => [...shiftExchangeKeys.all, 'pending'] as const,
};

// ---------------------------------------------------------------- employee

export function useAvailableOpenShifts() {
  return useQuery({
    queryKey: shiftExchangeKeys.available(),
    queryFn: ({ signal }) =>
      apiClient.get<AvailableOpenShiftList>('/open-shifts/available', { signal }),
  });
}

export function useMySwaps() {
  return useQuery({
    queryKey: shiftExchangeKeys.mySwaps(),
    queryFn: ({ signal }) => apiClient.get<MySwaps>('/shift-swaps/mine', { signal }),
  });
}

/** The caller's own plan of the coming days (at most 62), for «Отдать смену». */
export function useMyComingPlan(from: string, to: string) {
  return useQuery({
    queryKey: shiftExchangeKeys.myPlan(from, to),
    queryFn: ({ signal }) =>
      apiClient.get<DayPlan[]>('/profile/plan', { query: { from, to }, signal }),
    staleTime: 60_000,
  });
}

export function useSwapColleagues(date: string, start: string, enabled: boolean) {
  return useQuery({
    queryKey: shiftExchangeKeys.colleagues(date, start),
    queryFn: ({ signal }) =>
      apiClient.get<{ items: SwapColleague[] }>('/shift-swaps/colleagues', {
        query: { date, start },
        signal,
      }),
    enabled,
  });
}

function useExchangeMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  silentError = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(silentError ? { meta: { silentError: true } } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftExchangeKeys.all }),
  });
}

export const useClaimOpenShift = () =>
  useExchangeMutation((id: number) => apiClient.post<ClaimWithShift>(`/open-shifts/${id}/claim`));
export const useWithdrawClaim = () =>
  useExchangeMutation((id: number) =>
    apiClient.post<ClaimWithShift>(`/open-shift-claims/${id}/withdraw`),
  );
export const useOfferSwap = () =>
  useExchangeMutation(
    (input: OfferSwapInput) => apiClient.post<ShiftSwap>('/shift-swaps', input),
    true,
  );
export const useAnswerSwap = () =>
  useExchangeMutation(({ id, action }: { id: number; action: 'accept' | 'decline' | 'cancel' }) =>
    apiClient.post<ShiftSwap>(`/shift-swaps/${id}/${action}`),
  );

// ---------------------------------------------------------------- manager

export function useOpenShifts(from: string) {
  return useQuery({
    queryKey: shiftExchangeKeys.openShifts(from),
    queryFn: ({ signal }) =>
      apiClient.get<{ items: OpenShift[] }>('/open-shifts', { query: { from }, signal }),
  });
}

export function useClaims(status: ClaimStatus | undefined) {
  return useQuery({
    queryKey: shiftExchangeKeys.claims(status),
    queryFn: ({ signal }) =>
      apiClient.get<{ items: ClaimWithShift[] }>('/open-shift-claims', {
        query: { status },
        signal,
      }),
  });
}

export function useSwaps(status: SwapStatus | undefined) {
  return useQuery({
    queryKey: shiftExchangeKeys.swaps(status),
    queryFn: ({ signal }) =>
      apiClient.get<{ items: ShiftSwap[] }>('/shift-swaps', { query: { status }, signal }),
  });
}

export function useShiftExchangePending() {
  return useQuery({
    queryKey: shiftExchangeKeys.pending(),
    queryFn: ({ signal }) =>
      apiClient.get<ShiftExchangePending>('/shift-exchange/pending-count', { signal }),
  });
}

export const useCreateOpenShift = () =>
  useExchangeMutation(
    (input: CreateOpenShiftInput) => apiClient.post<OpenShift>('/open-shifts', input),
    true,
  );
export const useCancelOpenShift = () =>
  useExchangeMutation((id: number) => apiClient.post<OpenShift>(`/open-shifts/${id}/cancel`));
export const useDecideClaim = () =>
  useExchangeMutation(({ id, reason }: { id: number; reason?: string }) =>
    reason === undefined
      ? apiClient.post<ClaimWithShift>(`/open-shift-claims/${id}/approve`)
      : apiClient.post<ClaimWithShift>(`/open-shift-claims/${id}/reject`, { reason }),
  );
export const useDecideSwap = () =>
  useExchangeMutation(({ id, reason }: { id: number; reason?: string }) =>
    reason === undefined
      ? apiClient.post<ShiftSwap>(`/shift-swaps/${id}/approve`)
      : apiClient.post<ShiftSwap>(`/shift-swaps/${id}/reject`, { reason }),
  );
