import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// The contract's source is imported by path: Node cannot load the package's .ts entry from a config.
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../packages/contract/src/product.ts';

/** One id per build: compiled into the app and written to dist/version.json. */
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes `version.json` ({ buildId, builtAt }) that the running app polls for new builds. */
function versionFile(id: string): Plugin {
  return {
    name: 'smena-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ buildId: id, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

/** Fills `%PRODUCT_NAME%` and `%PRODUCT_TAGLINE%` in index.html from the contract's constants. */
function productConstants(): Plugin {
  return {
    name: 'smena-product-constants',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%PRODUCT_NAME%', PRODUCT_NAME)
        .replaceAll('%PRODUCT_TAGLINE%', PRODUCT_TAGLINE),
  };
}

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), versionFile(buildId), productConstants()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
