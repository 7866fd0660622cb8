import { useSyncExternalStore } from 'react';

/** Application state: both start false and change only through the setters. */
export type AppState = {
  /** The side menu drawer on phones is open. */
  asideVisible: boolean;
  /** The full-screen loader overlay is shown. */
  loader: boolean;
};

let state: AppState = { asideVisible: false, loader: false };
const listeners = new Set<() => void>();

function update(patch: Partial<AppState>): void {
  const next = { ...state, ...patch };
  if (next.asideVisible === state.asideVisible && next.loader === state.loader) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getAppState(): AppState {
  return state;
}

export function setAsideVisible(asideVisible: boolean): void {
  update({ asideVisible });
}

export function setLoader(loader: boolean): void {
  update({ loader });
}

export function subscribeAppState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppState<T>(select: (appState: AppState) => T): T {
  return useSyncExternalStore(subscribeAppState, () => select(state));
}

/** Runs `task` with the loader overlay on. */
export async function withLoader<T>(task: () => Promise<T>): Promise<T> {
  setLoader(true);
  try {
    return await task();
  } finally {
    setLoader(false);
  }
}
