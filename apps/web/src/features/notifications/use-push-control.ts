import { pushErrorMessages } from '@smena/contract';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { disablePush, enablePush, isPushError, pushState, type PushState } from './push.ts';

/** The Russian sentence for whatever enabling or disabling threw. */
export function pushFailureMessage(error: unknown, fallback: string): string {
  if (isPushError(error) || isApiError(error)) return error.message;
  return fallback;
}

export type PushControl = {
  /** Null until this browser has been looked at. */
  state: PushState | null;
  busy: 'enable' | 'disable' | null;
  error: string | null;
  enable: () => Promise<boolean>;
  disable: () => Promise<boolean>;
};

/**
 * This browser's push state for the user, with «Включить» / «Отключить». The state is read
 * again when the page becomes visible (the permission may have changed in the browser settings).
 */
export function usePushControl(userId: number | undefined): PushControl {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState<PushControl['busy']>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (userId === undefined) return;
    setState(await pushState(userId).catch(() => ({ status: 'disabled' as const })));
  }, [userId]);

  useEffect(() => {
    if (userId === undefined) return;
    let isCurrent = true;
    const read = () => {
      if (document.visibilityState !== 'visible') return;
      void pushState(userId)
        .catch(() => ({ status: 'disabled' as const }))
        .then((next) => {
          if (isCurrent) setState(next);
        });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => {
      isCurrent = false;
      document.removeEventListener('visibilitychange', read);
    };
  }, [userId]);

  const run = async (
    action: 'enable' | 'disable',
    work: (id: number) => Promise<PushState>,
    fallback: string,
  ) => {
    if (userId === undefined) return false;
    setBusy(action);
    setError(null);
    try {
      setState(await work(userId));
      return true;
    } catch (caught) {
      setError(pushFailureMessage(caught, fallback));
      await refresh();
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    state,
    busy,
    error,
    enable: () => run('enable', enablePush, pushErrorMessages.subscribeFailed),
    disable: () => run('disable', disablePush, pushErrorMessages.unsubscribeFailed),
  };
}
