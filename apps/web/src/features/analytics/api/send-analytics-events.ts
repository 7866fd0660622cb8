import type { AnalyticsBatch } from '@smena/contract';
import { env } from '../../../config/env.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const ANALYTICS_EVENTS_PATH = '/analytics/events';

/** Where `navigator.sendBeacon` posts the last batch of a closing page. */
export const analyticsBeaconUrl = `${env.apiBaseUrl}${ANALYTICS_EVENTS_PATH}`;

/**
 * Sends a batch of product events. With a token the server attributes them to the person and the
 * company; it is used as is, never refreshed (a stale one just makes the events anonymous).
 */
export function sendAnalyticsEvents(
  batch: Omit<AnalyticsBatch, 'token'>,
  token: string | null,
): Promise<{ accepted: number }> {
  return apiClient.post<{ accepted: number }>(
    ANALYTICS_EVENTS_PATH,
    batch,
    token ? { accessToken: token } : { auth: false },
  );
}
