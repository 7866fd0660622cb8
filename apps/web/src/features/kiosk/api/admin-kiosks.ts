import type {
  CreateKioskPairingCodeInput,
  KioskDevice,
  KioskPairingCode,
  KioskPinStatus,
  SetKioskPinInput,
} from '@smena/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const kioskKeys = {
  all: ['kiosks'] as const,
  list: () => [...kioskKeys.all, 'list'] as const,
  pin: () => ['kiosk-pin'] as const,
};

/** The company's kiosks, revoked ones too (ADMIN). */
export function useKioskDevices() {
  return useQuery({
    queryKey: kioskKeys.list(),
    queryFn: ({ signal }) => apiClient.get<KioskDevice[]>('/kiosks', { signal }),
    // «На связи» follows the kiosks' heartbeats.
    refetchInterval: 60_000,
  });
}

export function useCreatePairingCode() {
  return useMutation({
    mutationFn: (input: CreateKioskPairingCodeInput) =>
      apiClient.post<KioskPairingCode>('/kiosks/pairing-codes', input),
  });
}

export function useRenameKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) =>
      apiClient.patch<{ result: 'updated' }>(`/kiosks/${id}`, { title }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}

export function useRevokeKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<{ result: 'revoked' }>(`/kiosks/${id}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}

/** Whether the employee has a kiosk PIN, and their personnel number. */
export function useKioskPin() {
  return useQuery({
    queryKey: kioskKeys.pin(),
    queryFn: ({ signal }) => apiClient.get<KioskPinStatus>('/kiosk-pin', { signal }),
  });
}

export function useSetKioskPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetKioskPinInput) => apiClient.put<KioskPinStatus>('/kiosk-pin', input),
    meta: { silentError: true },
    onSuccess: (status) => queryClient.setQueryData(kioskKeys.pin(), status),
  });
}
