import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { ErrorCode, planStatusAt } from '@smena/contract';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';

export const PAYMENT_REQUIRED_MESSAGE = 'Оплатите тариф, чтобы продолжить';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that stay open when the plan has expired: the session itself (log in, out, refresh,
 * password), the browser's push subscription that a login renews, the user's privacy choices
 * (analytics, and withdrawing a consent to kiosk photos, which deletes them: decision 034), and
 * paying.
 */
const ALLOWED_WHEN_UNPAID: readonly RegExp[] = [
  /^\/api\/v1\/auth\//,
  /^\/api\/v1\/profile\/new-password$/,
  /^\/api\/v1\/profile\/analytics$/,
  /^\/api\/v1\/profile\/notification-token$/,
  /^\/api\/v1\/kiosk-photo-consent\/withdraw$/,
  /^\/api\/v1\/employees\/:id\/kiosk-photo-consent\/withdraw$/,
  /^\/api\/v1\/payments(\/|$)/,
];

export function isAllowedWhenUnpaid(url: string): boolean {
  return ALLOWED_WHEN_UNPAID.some((pattern) => pattern.test(url));
}

/**
 * The one place that enforces payment: once paid-until (or the trial's end) plus the grace days
 * is past, the company's writes answer 402 PAYMENT_REQUIRED. Reads and exports (GET), the
 * session and paying keep working; the super admin, in the admin area or inside a company, is
 * never stopped. Registered after the auth plugin, so that `request.auth` is known.
 */
export const paymentRequiredPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; now?: () => Date }) => {
    const now = options.now ?? (() => new Date());

    const refusal = (paidUntil: Date | null | undefined) =>
      paidUntil !== undefined && planStatusAt(paidUntil, now()).state === 'EXPIRED'
        ? new AppError(ErrorCode.PAYMENT_REQUIRED, PAYMENT_REQUIRED_MESSAGE)
        : undefined;

    // A callback hook: on the hot paths (a session's or a key's write) the answer is known without
    // waiting for anything, and such requests pay no promise for it.
    app.addHook('onRequest', (request, _reply, done) => {
      const auth = request.auth;
      const url = request.routeOptions.url;
      if (
        READ_METHODS.has(request.method) ||
        !auth ||
        auth.companyId === null ||
        auth.impersonatorId !== null ||
        !url ||
        isAllowedWhenUnpaid(url)
      ) {
        done();
        return;
      }
      // Read with the session or the key already; a query only for a context made elsewhere.
      if (auth.companyPaidUntil !== undefined) {
        done(refusal(auth.companyPaidUntil));
        return;
      }
      options.db
        .select({ paidUntil: companies.paidUntil })
        .from(companies)
        .where(eq(companies.id, auth.companyId))
        .limit(1)
        .then((rows) => done(refusal(rows[0]?.paidUntil)), done);
    });
  },
  { name: 'payment-required', dependencies: ['auth'] },
);
