import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The package folder, so that `vitest run --config packages/time/vitest.config.ts` from the
  // repository root finds the tests as well as the root's `projects` list does.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { name: 'time', environment: 'node', include: ['src/**/*.test.ts'] },
});
