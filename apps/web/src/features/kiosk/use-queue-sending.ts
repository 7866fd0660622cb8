import { useEffect } from 'react';

/** How often a device with queued punches tries to send them, besides the browser's `online`. */
export const FLUSH_EVERY_MS = 30_000;

/**
 * Sends a punch queue when it can (decision 032): the queue left by an earlier session as soon as
 * the screen is up (after counting it), on every `online` event, and every half minute.
 */
export function useQueueSending(refresh: () => Promise<void>, flush: () => Promise<void>): void {
  useEffect(() => {
    const start = setTimeout(() => void refresh().then(flush), 0);
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(start);
      clearInterval(timer);
    };
  }, [refresh, flush]);
}
