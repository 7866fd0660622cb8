import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@smena/contract';

/** Vite's output: every name under assets/ carries a hash of its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Icons keep their names from build to build: a day, then asked for again. */
export const ICONS = 'public, max-age=86400';
/** index.html, version.json, sw.js, the manifest: kept, but revalidated (ETag) on every use. */
export const REVALIDATE = 'no-cache';

const PRECOMPRESSED = /\.(?:br|gz)$/;
const ICON = /\.(?:png|svg|ico|webp)$/;

/** The Cache-Control of a file of the build, by its path relative to the build's folder. */
export function staticCacheControl(file: string): string {
  const name = file.split(sep).join('/').replace(PRECOMPRESSED, '');
  if (name.startsWith('assets/')) return IMMUTABLE;
  if (ICON.test(name)) return ICONS;
  return REVALIDATE;
}

/**
 * Serves the built SPA: hashed assets cached for a year, icons for a day, index.html,
 * version.json, the service worker and the manifest revalidated on every use, and index.html for
 * every other GET that is not an API call (client-side routes). Every file goes out with its
 * ETag; a text file the build compressed (`<file>.br`, `<file>.gz`, written by the web build) is
 * sent compressed to a client that accepts brotli or gzip, with `Vary: Accept-Encoding`.
 */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, options: { root: string | null }) => {
    const root =
      options.root && existsSync(join(options.root, 'index.html')) ? resolve(options.root) : null;
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The compressed copies are other encodings of their files, not URLs of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders: (res, path) => {
          res.header('Cache-Control', staticCacheControl(relative(root, path)));
        },
      });
    } else {
      app.log.warn('the web app is not built: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api/');
      if (!isApi && root && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('Cache-Control', REVALIDATE).sendFile('index.html', root);
      }
      return reply.status(404).send({
        statusCode: 404,
        code: ErrorCode.NOT_FOUND,
        message: isApi ? 'Метод API не найден' : 'Страница не найдена',
      });
    });
  },
);
