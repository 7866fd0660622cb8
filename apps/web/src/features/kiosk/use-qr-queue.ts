import type { KioskPunchBatchResult, QrPunchBatchInput } from '@smena/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { apiClient } from '../../lib/api-client.ts';
import {
  createPunchQueue,
  deviceQueueStore,
  isoWithOffset,
  type QueueStore,
} from './offline-queue.ts';
import { useQueueSending } from './use-queue-sending.ts';

export type QueuedScan = { payload: string };

export type RefusedScan = { key: string; deviceAt: string; message: string };

export const QR_QUEUE_DB = 'smena-qr-queue';

/**
 * The employee's QR scans made without a network (decision 032), kept on the phone with its time
 * and sent with `POST /checks/kiosk-qr/batch` when it is back (on `online`, every 30 seconds, and
 * when the home page opens). Only the owner's scans are sent with their session: another person
 * signing in on the same phone does not send them.
 */
export function useQrQueue(owner: string | null, store?: QueueStore<QueuedScan>) {
  const queryClient = useQueryClient();
  const queue = useMemo(
    () => createPunchQueue<QueuedScan>(store ?? deviceQueueStore<QueuedScan>(QR_QUEUE_DB)),
    [store],
  );
  const [pending, setPending] = useState(0);
  const [refused, setRefused] = useState<RefusedScan[]>([]);

  const refresh = useCallback(async () => {
    setPending(owner ? (await queue.pending(owner)).length : 0);
  }, [queue, owner]);

  const flush = useCallback(async () => {
    if (!owner || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    if ((await queue.pending(owner)).length === 0) return;
    try {
      const outcome = await queue.flush(owner, async (items) => {
        const body: QrPunchBatchInput = {
          deviceNow: isoWithOffset(Date.now()),
          items: items.map((item) => ({
            payload: item.payload.payload,
            idempotencyKey: item.key,
            deviceAt: item.deviceAt,
            counter: item.counter,
          })),
        };
        const answer = await apiClient.post<KioskPunchBatchResult>('/checks/kiosk-qr/batch', body);
        return answer.items.map((result) => ({
          key: result.idempotencyKey,
          status: result.status,
          message: result.message,
        }));
      });
      if (outcome.sent > 0) void queryClient.invalidateQueries({ queryKey: ['checks'] });
      if (outcome.refused.length > 0) {
        setRefused((list) => [
          ...list,
          ...outcome.refused.map(({ item, message }) => ({
            key: item.key,
            deviceAt: item.deviceAt,
            message,
          })),
        ]);
      }
    } catch {
      // No network or no session: the scans stay for the next try.
    } finally {
      await refresh();
    }
  }, [owner, queue, queryClient, refresh]);

  useQueueSending(refresh, flush);

  const enqueue = useCallback(
    async (payload: string, key: string) => {
      if (!owner) return false;
      await queue.enqueue(owner, { payload }, { key });
      await refresh();
      return true;
    },
    [owner, queue, refresh],
  );

  return {
    pending,
    refused,
    enqueue,
    dismiss: (key: string) => setRefused((list) => list.filter((item) => item.key !== key)),
  };
}

export type QrQueue = ReturnType<typeof useQrQueue>;
