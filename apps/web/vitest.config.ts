import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Run from the repository root too (`vitest --config apps/web/vitest.config.ts`).
  root: import.meta.dirname,
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  test: {
    name: 'web',
    // antd in jsdom is slow on a busy 2-core CI machine; timeouts there are not failures of the code.
    testTimeout: 30_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
