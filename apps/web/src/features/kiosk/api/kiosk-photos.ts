import type {
  EmployeeKioskPhotoConsent,
  KioskPhotoWithdrawal,
  MyKioskPhotoConsent,
  PaperKioskPhotoConsentInput,
} from '@smena/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { checksKeys } from '../../checks/index.ts';

/** Query keys of kiosk photos (decision 034). */
export const kioskPhotoKeys = {
  all: ['kiosk-photo'] as const,
  mine: () => [...kioskPhotoKeys.all, 'mine'] as const,
  employee: (id: number) => [...kioskPhotoKeys.all, 'employee', id] as const,
};

/** The company's photo setting, the consent's wording and the caller's consent. */
export function useMyPhotoConsent(enabled = true) {
  return useQuery({
    queryKey: kioskPhotoKeys.mine(),
    queryFn: ({ signal }) => apiClient.get<MyKioskPhotoConsent>('/kiosk-photo-consent', { signal }),
    enabled,
  });
}

export function useGivePhotoConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (textVersion: number) =>
      apiClient.post<MyKioskPhotoConsent>('/kiosk-photo-consent', { textVersion }),
    meta: { silentError: true },
    onSuccess: (answer) => queryClient.setQueryData(kioskPhotoKeys.mine(), answer),
  });
}

/** A withdrawal deletes photos: the checks that showed them are read again. */
function useAfterWithdrawal() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kioskPhotoKeys.all }),
      queryClient.invalidateQueries({ queryKey: checksKeys.all }),
    ]);
}

export function useWithdrawPhotoConsent() {
  const after = useAfterWithdrawal();
  return useMutation({
    mutationFn: () => apiClient.post<KioskPhotoWithdrawal>('/kiosk-photo-consent/withdraw'),
    meta: { silentError: true },
    onSuccess: after,
  });
}

/** An employee's consent, for the company's ADMIN. */
export function useEmployeePhotoConsent(employeeId: number, enabled = true) {
  return useQuery({
    queryKey: kioskPhotoKeys.employee(employeeId),
    queryFn: ({ signal }) =>
      apiClient.get<EmployeeKioskPhotoConsent>(`/employees/${employeeId}/kiosk-photo-consent`, {
        signal,
      }),
    enabled,
    // The card's section says it failed in its own place.
    meta: { silentError: true },
  });
}

export function useRecordPaperConsent(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaperKioskPhotoConsentInput) =>
      apiClient.post<EmployeeKioskPhotoConsent>(
        `/employees/${employeeId}/kiosk-photo-consent`,
        input,
      ),
    meta: { silentError: true },
    onSuccess: (answer) => queryClient.setQueryData(kioskPhotoKeys.employee(employeeId), answer),
  });
}

export function useWithdrawEmployeeConsent(employeeId: number) {
  const after = useAfterWithdrawal();
  return useMutation({
    mutationFn: () =>
      apiClient.post<KioskPhotoWithdrawal>(`/employees/${employeeId}/kiosk-photo-consent/withdraw`),
    meta: { silentError: true },
    onSuccess: after,
  });
}
