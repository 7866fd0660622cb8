import { useCallback, useEffect, useState } from 'react';
import { KioskPairing } from '../../../features/kiosk/components/kiosk-pairing.tsx';
import { KioskScreen } from '../../../features/kiosk/components/kiosk-screen.tsx';
import {
  forgetKiosk,
  kioskApi,
  loadKiosk,
  saveKiosk,
  type StoredKiosk,
} from '../../../features/kiosk/kiosk-device.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { registerAppShell } from '../../../lib/app-shell.ts';
import '../../../features/kiosk/kiosk.css';

/** How often a paired kiosk reports to the server (last seen, the clock, a revocation). */
const HEARTBEAT_MS = 60_000;

/**
 * `/kiosk`, a tablet or a PC at a branch's entrance (decision 031), without the app's shell: the
 * pairing code first, then the branch's clock, its rotating QR and the PIN keypad. The device's
 * credential lives in this browser's localStorage; a revoked device comes back to the pairing.
 */
export function Component() {
  const [kiosk, setKiosk] = useState<StoredKiosk | null>(() => loadKiosk());
  const [offsetMs, setOffsetMs] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const [notice, setNotice] = useState<string | null>(null);
  // Told by every heartbeat: the company takes photos at PIN punches (decision 034).
  const [photoAtPin, setPhotoAtPin] = useState(false);

  useEffect(() => {
    document.title = 'Киоск — Смена';
    // The page opens from the service worker's cache without a network (decision 032).
    registerAppShell();
    const offline = () => setOnline(false);
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, []);

  const revoked = useCallback((message: string) => {
    forgetKiosk();
    setKiosk(null);
    setNotice(message);
  }, []);

  useEffect(() => {
    if (!kiosk) return;
    const controller = new AbortController();
    const beat = async () => {
      const sentAt = Date.now();
      try {
        const state = await kioskApi.state(kiosk.token, controller.signal);
        const receivedAt = Date.now();
        setOffsetMs(Date.parse(state.serverTime) - (sentAt + receivedAt) / 2);
        setOnline(true);
        setPhotoAtPin(state.photoAtPin);
        if (state.title !== kiosk.title || state.branchTitle !== kiosk.branchTitle) {
          const renamed = { ...kiosk, title: state.title, branchTitle: state.branchTitle };
          saveKiosk(renamed);
          setKiosk(renamed);
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.statusCode === 401) revoked(error.message);
        else setOnline(false);
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [kiosk, revoked]);

  if (!kiosk) {
    return (
      <KioskPairing
        notice={notice}
        onPaired={(paired, serverTime) => {
          setOffsetMs(Date.parse(serverTime) - Date.now());
          setNotice(null);
          setKiosk(paired);
        }}
      />
    );
  }
  return (
    <KioskScreen
      kiosk={kiosk}
      offsetMs={offsetMs}
      online={online}
      onRevoked={revoked}
      photoAtPin={photoAtPin}
    />
  );
}
