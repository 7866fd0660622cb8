import { toIsoInZone, wallTimeToMs } from '@smena/time';

/** What stands in the example for a key that is not shown. */
export const SECRET_PLACEHOLDER = '<ваш ключ>';

export type CurlExampleInput = {
  origin: string;
  secret: string;
  employeeId: number;
  branchId: number;
  /** The example's date and zone (a past date: a check-out in the future is refused). */
  date: string;
  timezone: string;
  idempotencyKey: string;
};

/** A check from 09:00 to 18:00 of `date`, ready to paste into a terminal (POSIX shell quoting). */
export function checkCreateCurl(input: CurlExampleInput): string {
  const at = (time: string) =>
    toIsoInZone(wallTimeToMs(input.date, time, input.timezone), input.timezone);
  const body = JSON.stringify({
    employeeId: input.employeeId,
    branchId: input.branchId,
    checkInDateTime: at('09:00'),
    checkOutDateTime: at('18:00'),
  });
  const secret = input.secret.replaceAll("'", "'\\''");
  return [
    `curl -X POST '${input.origin}/api/v1/checks/create' \\`,
    `  -H 'Authorization: Bearer ${secret}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'Idempotency-Key: ${input.idempotencyKey}' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

/** A fresh idempotency key for the example (a repeat with it does not create a second check). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  return `check-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
