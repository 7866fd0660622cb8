export type AnalyticsConsentInput = {
  /** The remote flag `analytics.enabled` (the cached or default value until the server answers). */
  flag: boolean;
  /** The server has answered (or failed to) since the page loaded. */
  flagLoaded: boolean;
  isSignedIn: boolean;
  /** A super admin acting inside a company: their clicks are not the company's. */
  isImpersonating: boolean;
  /** The person's own choice (GET /profile/analytics), undefined while loading. */
  preference: boolean | undefined;
  preferenceFailed: boolean;
};

/**
 * Whether the tracker records: `undefined` while something it depends on is still loading
 * (events wait, unsent), `false` when switched off anywhere (nothing is kept).
 */
export function analyticsConsent(input: AnalyticsConsentInput): boolean | undefined {
  if (!input.flagLoaded) return input.flag ? undefined : false;
  if (!input.flag) return false;
  if (input.isImpersonating) return false;
  if (!input.isSignedIn) return true;
  if (input.preference !== undefined) return input.preference;
  // Without the person's answer their choice is unknown: record nothing rather than guess.
  return input.preferenceFailed ? false : undefined;
}
