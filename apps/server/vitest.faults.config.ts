import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults -w @smena/server`: the server process killed under load, PostgreSQL
 * restarted under load and a rolling restart of two instances behind nginx, against a throwaway
 * cluster the global setup creates (not the shared one); and a PGlite server's backup restored
 * into a fresh directory and started (no PostgreSQL needed).
 */
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/faults/global-setup.ts'],
    // One file at a time: the PostgreSQL restart must not hit another file's load.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
