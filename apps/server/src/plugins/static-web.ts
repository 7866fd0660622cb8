import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@smena/contract';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html and version.json never, and
 * index.html for every other GET that is not an API call (client-side routes).
 */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, options: { root: string | null }) => {
    const root = options.root && existsSync(join(options.root, 'index.html')) ? options.root : null;
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders: (res, path) => {
          if (path.includes(`${join(root, 'assets')}`)) {
            res.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else {
            res.header('Cache-Control', 'no-cache');
          }
        },
      });
    } else {
      app.log.warn('the web app is not built: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api/');
      if (!isApi && root && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root);
      }
      return reply.status(404).send({
        statusCode: 404,
        code: ErrorCode.NOT_FOUND,
        message: isApi ? 'Метод API не найден' : 'Страница не найдена',
      });
    });
  },
);
