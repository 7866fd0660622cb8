/**
 * Navigation for code that lives outside React components (the session, the HTTP client).
 * main.tsx plugs in the data router; until then a full page load does the job.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => Promise<void> | void;

let navigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export async function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  await navigator(to, options);
}

/** The current path with its query string, e.g. for a `redirect` parameter. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

let pendingPath: () => string | null = () => null;

/** main.tsx tells where the router is heading while a navigation is under way. */
export function setPendingPathGetter(getter: () => string | null): void {
  pendingPath = getter;
}

/** The page being opened right now (or the current one): where a reload should land. */
export function targetPath(): string {
  return pendingPath() ?? currentPath();
}
