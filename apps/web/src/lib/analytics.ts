import type { ANALYTICS_PROP_KEYS, AnalyticsEventName } from '@smena/contract';

/**
 * The one way to record a product event: `track('employee_created')`. Features call it (or name
 * the event in a mutation's `meta.analytics`, see query-client.ts) without knowing the tracker;
 * main.tsx plugs the tracker in (features/analytics). Until then, and in unit tests, it does
 * nothing.
 */

/** Short facts about an event; only the contract's keys, never names, contacts or ids of people. */
export type AnalyticsProps = Partial<
  Record<(typeof ANALYTICS_PROP_KEYS)[number], string | number | boolean>
>;

/** A product event named by a mutation's `meta.analytics`. */
export type AnalyticsMeta =
  AnalyticsEventName | { name: AnalyticsEventName; props?: AnalyticsProps };

type Sink = (name: AnalyticsEventName, props?: AnalyticsProps) => void;

let sink: Sink | null = null;

export function setAnalyticsSink(next: Sink | null): void {
  sink = next;
}

export function track(name: AnalyticsEventName, props?: AnalyticsProps): void {
  try {
    sink?.(name, props);
  } catch {
    // Analytics never breaks what the person is doing.
  }
}

export function trackMeta(meta: AnalyticsMeta | undefined): void {
  if (!meta) return;
  if (typeof meta === 'string') track(meta);
  else track(meta.name, meta.props);
}
