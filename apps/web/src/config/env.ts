/** Build-time values. `__BUILD_ID__` is injected by vite.config.ts (and vitest.config.ts). */
export const env = {
  apiBaseUrl: '/api/v1',
  /** Answers 200 while the server and its database work; asked while the server seems away. */
  apiReadyUrl: '/api/ready',
  buildId: __BUILD_ID__,
  isProduction: import.meta.env.PROD,
} as const;
