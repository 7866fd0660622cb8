/** The part of a router match this needs: the route's own `path` as declared. */
type MatchLike = { route: { path?: string; index?: boolean } };

/**
 * The pattern of the page a set of nested matches shows (`/company/employees/:id`), never the
 * URL: ids and search strings stay out of analytics. Paths of this app are absolute, but a
 * relative child path is joined to its parent's. The catch-all route (`*`) is `/not-found`.
 */
export function routePattern(matches: readonly MatchLike[]): string {
  let pattern = '';
  for (const { route } of matches) {
    const path = route.path;
    if (!path) continue;
    if (path === '*') return '/not-found';
    pattern = path.startsWith('/') ? path : `${pattern.replace(/\/$/, '')}/${path}`;
  }
  return pattern || '/';
}
