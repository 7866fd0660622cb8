import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { findInvalidText } from '@smena/contract';

/**
 * CloudPayments notifications (Check, Pay, Fail): how they are signed, what they carry, and the
 * answer codes the service understands. Framework-free, so that it is tested on its own.
 */

/** Answers documented by CloudPayments; anything but 0 refuses the payment (Check). */
export const CloudPaymentsCode = {
  OK: 0,
  INVALID_INVOICE: 10,
  INVALID_ACCOUNT: 11,
  INVALID_AMOUNT: 12,
  REJECTED: 13,
  EXPIRED: 20,
} as const;
export type CloudPaymentsCode = (typeof CloudPaymentsCode)[keyof typeof CloudPaymentsCode];

export function signCloudPaymentsBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given.trim());
  return a.length === b.length && timingSafeEqual(a, b);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The form body with its %-escapes decoded, as CloudPayments signs it for `X-Content-HMAC`. */
function decodedForm(body: string): string | null {
  try {
    return decodeURIComponent(body.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * True when the notification was signed with our API secret: HMAC-SHA256 in base64 of the raw
 * body, in `Content-HMAC` or `X-Content-HMAC` (CloudPayments sends both; the latter is also
 * accepted over the URL-decoded form, as its documentation describes it).
 */
export function verifyCloudPaymentsSignature(
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): boolean {
  const contentHmac = headerValue(headers['content-hmac']);
  const xContentHmac = headerValue(headers['x-content-hmac']);
  if (!contentHmac && !xContentHmac) return false;
  const expected = signCloudPaymentsBody(rawBody, secret);
  if (sameSignature(expected, contentHmac) || sameSignature(expected, xContentHmac)) return true;
  const decoded = decodedForm(rawBody);
  return (
    decoded !== null &&
    decoded !== rawBody &&
    sameSignature(signCloudPaymentsBody(decoded, secret), xContentHmac)
  );
}

/** The body as fields: form-urlencoded by default, JSON when the site is set up so. */
export function parseNotificationBody(
  rawBody: string,
  contentType: string | undefined,
): Record<string, unknown> | null {
  if (contentType?.toLowerCase().includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(rawBody);
      return parsed &&
        typeof parsed === 'object' &&
        !Array.isArray(parsed) &&
        !findInvalidText(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
  // Values are decoded here, after the input guard saw the raw text (`%00` and `\u0000` become
  // NUL only now), so the same rule applies to the decoded fields (decision 011).
  const fields = Object.fromEntries(new URLSearchParams(rawBody));
  return findInvalidText(fields) ? null : fields;
}

const textOrNumber = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

/** The fields this service reads; the rest (card data, payer's name …) is ignored and never logged. */
export const CloudPaymentsNotificationSchema = z.object({
  TransactionId: textOrNumber.pipe(z.string().min(1)),
  Amount: textOrNumber,
  Currency: z.string().optional(),
  InvoiceId: textOrNumber.optional(),
  AccountId: textOrNumber.optional(),
  /** Pay: Completed (one-stage) or Authorized (two-stage, not used here). */
  Status: z.string().optional(),
  Reason: z.string().optional(),
  ReasonCode: textOrNumber.optional(),
  TestMode: textOrNumber.optional(),
});
export type CloudPaymentsNotification = z.infer<typeof CloudPaymentsNotificationSchema>;

/** «1500», «1500.5», «1500.50» → kopecks; null for anything else (no floating point involved). */
export function amountToKopecks(amount: string): number | null {
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const rubles = Number(match[1]);
  const kopecks = Number((match[2] ?? '0').padEnd(2, '0'));
  return rubles * 100 + kopecks;
}

/** Our payment id from InvoiceId (digits only), else null. */
export function invoiceIdOf(notification: CloudPaymentsNotification): number | null {
  const value = notification.InvoiceId;
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
