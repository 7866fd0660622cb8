import { isIP } from 'node:net';
import { WebPushSubscriptionSchema, type WebPushSubscription } from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';

export type PushEndpointPolicy = {
  /**
   * Accept `http://` endpoints on the loopback interface (the tests' local push service;
   * development). Off in production: the server POSTs to whatever endpoint a user registers,
   * so only public https push services are accepted there.
   */
  allowLocalHttp: boolean;
};

const INVALID = 'Подписка на уведомления не распознана: включите уведомления в браузере заново';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Parses the spec's `notificationToken` (a serialized PushSubscription); throws a 422 with a
 * Russian message when it is not one or its endpoint is not a push service the server may call.
 */
export function parseWebPushSubscription(
  token: string,
  policy: PushEndpointPolicy,
): WebPushSubscription {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    throw AppError.validation('notificationToken', INVALID);
  }
  const result = WebPushSubscriptionSchema.safeParse(json);
  if (!result.success) throw AppError.validation('notificationToken', INVALID);
  const url = new URL(result.data.endpoint);
  const host = url.hostname;
  const allowed =
    url.protocol === 'https:'
      ? !LOOPBACK.has(host) && isIP(host.replace(/^\[|\]$/g, '')) === 0 && !url.username
      : url.protocol === 'http:' && policy.allowLocalHttp && LOOPBACK.has(host);
  if (!allowed) {
    throw AppError.validation(
      'notificationToken',
      'Адрес push-сервиса браузера не поддерживается: нужен https-адрес службы уведомлений',
    );
  }
  return result.data;
}

/** The endpoint of a stored or sent token, for finding its row; null when it is not JSON. */
export function endpointOfToken(token: string): string | null {
  try {
    const json = JSON.parse(token) as unknown;
    const parsed = WebPushSubscriptionSchema.shape.endpoint.safeParse(
      (json as { endpoint?: unknown } | null)?.endpoint,
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
