/** Build-time values. `__BUILD_ID__` is injected by vite.config.ts (and vitest.config.ts). */
export const env = {
  apiBaseUrl: '/api/v1',
  buildId: __BUILD_ID__,
  isProduction: import.meta.env.PROD,
} as const;
