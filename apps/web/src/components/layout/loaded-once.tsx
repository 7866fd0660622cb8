import { Suspense, useState, type ReactNode } from 'react';

/**
 * A dialog whose code is loaded when it is first opened (`React.lazy`), not with its page: the
 * page's first load does not carry forms and pickers nobody may open. Once opened it stays
 * mounted, so that it can animate its closing and keep its state as before.
 */
export function LoadedOnce({ when, children }: { when: boolean; children: ReactNode }) {
  const [loaded, setLoaded] = useState(when);
  // Derived from a prop during render (React's «storing information from previous renders»).
  if (when && !loaded) setLoaded(true);
  return loaded ? <Suspense fallback={null}>{children}</Suspense> : null;
}
