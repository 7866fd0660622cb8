import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Powerful browser features: geolocation (check-in by location) and the camera (a kiosk that
 * reads badges or faces) for the app's own pages only; everything else off, for any frame. The
 * card widget of CloudPayments runs in its own frame and may offer Google Pay / Apple Pay there.
 * Only features Chromium knows are listed: an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=(self)',
  'microphone=()',
  'payment=(self "https://widget.cloudpayments.ru")',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'idle-detection=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * `Permissions-Policy` on every answer (the SPA's HTML, assets, the API), and `Cache-Control:
 * no-store` on every API answer that does not choose its own caching: they carry a company's
 * data and tokens, which no browser or proxy cache may keep (GET /config says `private,
 * no-cache` itself; exports say `no-store`).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: it runs on every answer and has nothing to wait for.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
