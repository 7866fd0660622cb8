import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import type { WebPushSubscription } from '@smena/contract';

export type ReceivedPush = {
  subscriptionId: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
};

export type TestSubscription = {
  id: string;
  subscription: WebPushSubscription;
  /** As the browser sends it: POST /profile/notification-token { notificationToken }. */
  token: string;
  /** RFC 8291 aes128gcm with the subscription's private key and auth secret. */
  decrypt: (body: Buffer) => string;
};

export type LocalPushService = {
  url: string;
  received: ReceivedPush[];
  /** A browser subscribing at this service: its own P-256 key pair and auth secret. */
  subscribe: () => TestSubscription;
  /** The status to answer for a subscription (default 201), or a function of the call number. */
  answer: (subscriptionId: string, status: number | ((call: number) => number)) => void;
  close: () => Promise<void>;
};

/**
 * A push service on 127.0.0.1 as browsers' vendors run them (RFC 8030): takes the encrypted POST
 * at the subscription's endpoint and answers 201 Created, or what the test asks for.
 */
export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number | ((call: number) => number)>();
  const calls = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/push\/([\w-]+)$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        response.writeHead(404).end();
        return;
      }
      const id = match[1]!;
      const call = (calls.get(id) ?? 0) + 1;
      calls.set(id, call);
      const answer = answers.get(id) ?? 201;
      const status = typeof answer === 'function' ? answer(call) : answer;
      received.push({
        subscriptionId: id,
        headers: request.headers,
        body: Buffer.concat(chunks),
        status,
      });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : 'нет');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh: ECDH = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      const subscription: WebPushSubscription = {
        endpoint: `${url}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret },
      };
      return {
        id,
        subscription,
        token: JSON.stringify(subscription),
        decrypt: (body) =>
          decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8'),
      };
    },
    answer(subscriptionId, status) {
      answers.set(subscriptionId, status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
