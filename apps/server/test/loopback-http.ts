import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type LoopbackResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  data: any;
};

/** Starts the app on 127.0.0.1 with an ephemeral port; answers its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * A real HTTP request from a chosen loopback source address (127.0.0.2, 127.0.0.3 …: every
 * address of 127.0.0.0/8 belongs to the loopback interface on Linux), so that the server sees
 * distinct client IPs without trusting any proxy header.
 */
export function requestFrom(
  localAddress: string,
  baseUrl: string,
  options: {
    method: string;
    path: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
  },
): Promise<LoopbackResponse> {
  const url = new URL(options.path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method,
        localAddress,
        agent: false,
        headers: {
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let data: unknown = text;
          try {
            data = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, data });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('request timed out')));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
