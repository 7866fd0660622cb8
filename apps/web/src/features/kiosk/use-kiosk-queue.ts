import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { kioskApi, type StoredKiosk } from './kiosk-device.ts';
import {
  createPunchQueue,
  deviceQueueStore,
  isoWithOffset,
  type QueueStore,
} from './offline-queue.ts';
import { useQueueSending } from './use-queue-sending.ts';

export type KioskPin = { personnelNumber: string; pin: string };

export type RefusedPunch = {
  key: string;
  personnelNumber: string;
  deviceAt: string;
  message: string;
};

export const KIOSK_QUEUE_DB = 'smena-kiosk-queue';

/**
 * The kiosk's queue of PIN punches typed without a network (decision 032). The kiosk cannot check
 * a PIN itself: it keeps the attempt with its clock (corrected by the server's, as the QR is),
 * and the server judges it when the queue is sent — on `online`, every 30 seconds, and right
 * after a punch is queued. What the server refused is listed until dismissed.
 */
export function useKioskQueue(
  kiosk: StoredKiosk,
  options: {
    offsetMs: number;
    onRevoked: (message: string) => void;
    store?: QueueStore<KioskPin>;
  },
) {
  const { onRevoked } = options;
  const store = options.store;
  const offset = useRef(options.offsetMs);
  useEffect(() => {
    offset.current = options.offsetMs;
  }, [options.offsetMs]);
  const queue = useMemo(
    () => createPunchQueue<KioskPin>(store ?? deviceQueueStore<KioskPin>(KIOSK_QUEUE_DB)),
    [store],
  );
  const owner = String(kiosk.deviceId);
  const [pending, setPending] = useState(0);
  const [refused, setRefused] = useState<RefusedPunch[]>([]);

  const refresh = useCallback(async () => {
    setPending((await queue.pending(owner)).length);
  }, [queue, owner]);

  const flush = useCallback(async () => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    if ((await queue.pending(owner)).length === 0) return;
    try {
      const outcome = await queue.flush(owner, async (items) => {
        const answer = await kioskApi.punchBatch(kiosk.token, {
          deviceNow: isoWithOffset(Date.now() + offset.current),
          items: items.map((item) => ({
            ...item.payload,
            idempotencyKey: item.key,
            deviceAt: item.deviceAt,
            counter: item.counter,
          })),
        });
        return answer.items.map((result) => ({
          key: result.idempotencyKey,
          status: result.status,
          message: result.message,
        }));
      });
      if (outcome.refused.length > 0) {
        setRefused((list) => [
          ...list,
          ...outcome.refused.map(({ item, message }) => ({
            key: item.key,
            personnelNumber: item.payload.personnelNumber,
            deviceAt: item.deviceAt,
            message,
          })),
        ]);
      }
    } catch (error) {
      if (isApiError(error) && error.statusCode === 401) onRevoked(error.message);
      // Anything else (no network, the server down): the items stay for the next try.
    } finally {
      await refresh();
    }
  }, [queue, owner, kiosk.token, onRevoked, refresh]);

  useQueueSending(refresh, flush);

  const enqueue = useCallback(
    async (input: KioskPin) => {
      await queue.enqueue(owner, input, { atMs: Date.now() + offset.current });
      await refresh();
      void flush();
    },
    [queue, owner, refresh, flush],
  );

  return {
    pending,
    refused,
    enqueue,
    flush,
    dismiss: (key: string) => setRefused((list) => list.filter((item) => item.key !== key)),
  };
}
