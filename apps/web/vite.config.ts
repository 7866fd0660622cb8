import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
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

/** Text files worth compressing; images (png) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than the headers it costs (the server's threshold). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file of
 * the build, which the server sends to browsers that accept them (@fastify/static `preCompressed`)
 * without compressing anything per request. A copy that is not smaller is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'smena-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      let count = 0;
      let before = 0;
      let after = 0;
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
          count += 1;
          before += source.length;
          after += Math.min(br.length, source.length);
        }),
      );
      this.info(`precompressed ${count} files: ${before} bytes, ${after} as brotli`);
    },
  };
}

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), versionFile(buildId), productConstants(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'initial',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]packages[\\/]/.test(id),
              priority: 3,
            },
            {
              name: 'lib',
              test: /node_modules/,
              entriesAware: true,
              entriesAwareMergeThreshold: 2048,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
