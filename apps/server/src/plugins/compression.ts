import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Types worth compressing: JSON, text (not Server-Sent Events, which must reach the client
 * event by event), JavaScript and XML/SVG (the OpenAPI page's assets). Excel files (xlsx) are zip
 * archives already and, like images and other binaries, are sent as they are.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|\/javascript(?:;|$)|[+/]xml(?:;|$)/;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Compresses API answers (everything under /api: the routes, OpenAPI and its page) with brotli
 * or gzip, whichever the client's `Accept-Encoding` prefers, when they are above
 * COMPRESSION_THRESHOLD bytes; streamed answers of a compressible type are compressed as they
 * stream, and `Vary: Accept-Encoding` is added. The built SPA is not compressed here: its files
 * are compressed at build time and sent as such by the static plugin (static-web.ts), so its
 * routes are left out. Request bodies are never decompressed: the body limit keeps meaning
 * what a client sends.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Runs before @fastify/compress's own onRoute hook, registered just after it.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) route.compress = false;
    });
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD,
      customTypes: isCompressible,
    });
  },
  { name: 'compression' },
);
