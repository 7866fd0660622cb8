import { defineConfig } from 'vitest/config';

/** Unit and API tests of every workspace; end-to-end specs run separately (e2e/). */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/time', 'apps/server', 'apps/web'],
  },
});
