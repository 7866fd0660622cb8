import { kioskQrMsLeft, kioskQrWindow, signKioskQr } from '@smena/contract';
import { useEffect, useState } from 'react';

export type RotatingQr = { payload: string | null; secondsLeft: number };

/**
 * The kiosk's QR for the current 30-second window, signed in the browser (WebCrypto) with the
 * device's key: it keeps turning without a network. `offsetMs` brings the tablet's clock to the
 * server's, which verifies the window.
 */
export function useRotatingQr(
  secret: string,
  deviceId: number,
  offsetMs: number,
  now: () => number = Date.now,
): RotatingQr {
  const [state, setState] = useState<{ window: number; payload: string | null; left: number }>({
    window: -1,
    payload: null,
    left: 30,
  });

  useEffect(() => {
    let cancelled = false;
    let currentWindow = -1;
    const tick = () => {
      const at = now() + offsetMs;
      const window = kioskQrWindow(at);
      const left = Math.ceil(kioskQrMsLeft(at) / 1000);
      if (window !== currentWindow) {
        currentWindow = window;
        void signKioskQr(secret, deviceId, window).then((payload) => {
          if (!cancelled) setState({ window, payload, left });
        });
      } else {
        setState((previous) => (previous.left === left ? previous : { ...previous, left }));
      }
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [secret, deviceId, offsetMs, now]);

  return { payload: state.payload, secondsLeft: state.left };
}
