/** Build-time values. `__BUILD_ID__` is injected by vite.config.ts (and vitest.config.ts). */
export const env = {
  apiBaseUrl: '/api/v1',
  buildId: __BUILD_ID__,
  isProduction: import.meta.env.PROD,
  /** How often the app asks the server whether a newer build was deployed (spec §9). */
  versionCheckIntervalMs: 3_600_000,
} as const;
