import { vi } from 'vitest';

/** A media query's answer in jsdom, which has no layout and no media queries of its own. */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/**
 * antd's breakpoints read media queries: a wide screen matches every min-width query, a phone
 * (390 px, below antd's `sm`) only max-width ones. Call in a test or a beforeEach;
 * `vi.unstubAllGlobals` undoes it.
 */
export function stubScreen(kind: 'wide' | 'phone') {
  vi.stubGlobal('matchMedia', (query: string) =>
    fakeMediaQueryList(query, kind === 'wide' ? /min-width/.test(query) : /max-width/.test(query)),
  );
}
