import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The package folder, so that `vitest run --config packages/time/vitest.config.ts` from the
  // repository root finds the tests as well as the root's `projects` list does.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Property tests run hundreds of cases; a busy CI machine needs more than the default 5 s.
  test: { name: 'time', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
