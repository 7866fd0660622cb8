import type { KioskPunchResult } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * A punch by a kiosk's QR. The key is the scan's: sending the same scan again (a retry after a
 * lost answer) is answered with the same punch.
 */
export function kioskQrPunch(input: { payload: string; idempotencyKey: string }) {
  return apiClient.post<KioskPunchResult>(
    '/checks/kiosk-qr',
    { payload: input.payload },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
}

/** Silent: the scanner shows the answer, or the refusal, itself. */
export function useKioskQrPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kioskQrPunch,
    meta: { silentError: true },
    // A punch changes the employee's checks and attendance (the checks feature's keys).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['checks'] }),
  });
}
