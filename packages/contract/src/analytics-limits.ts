// What the app's own analytics tracker checks before it queues an event. No zod here: the tracker
// runs from the app's start, and a module that builds schemas would bring zod into every page's
// first load. The schemas in analytics.ts are built from these values.

/**
 * Extra facts an event may carry: only these keys, short scalar values. The server drops every
 * other key (names, emails, phones, coordinates, tokens never reach the table).
 */
export const ANALYTICS_PROP_KEYS = [
  'report',
  'format',
  'source',
  'plan',
  'result',
  'kind',
] as const;

/** Events in one batch at most. */
export const MAX_ANALYTICS_BATCH = 100;

/**
 * A route pattern, never a URL with ids: `/company/employees/:id`. The server also replaces
 * any segment of digits or a UUID with `:id`.
 */
export const ANALYTICS_ROUTE_PATTERN = /^\/[A-Za-z0-9\-_/:]*$/;
export const ANALYTICS_ROUTE_MAX_LENGTH = 200;

/** Whether a route is one `AnalyticsRouteSchema` accepts. */
export function isAnalyticsRoute(route: string): boolean {
  return route.length <= ANALYTICS_ROUTE_MAX_LENGTH && ANALYTICS_ROUTE_PATTERN.test(route);
}
