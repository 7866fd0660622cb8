import { ErrorCode } from '@smena/contract';
import { AppError } from './app-error.ts';

/**
 * A 429 that tells the client when to come back: the rate-limit plugin sends `retryAfterSeconds`
 * as the `Retry-After` header of the answer.
 */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code:
      | typeof ErrorCode.RATE_LIMITED
      | typeof ErrorCode.OTP_TOO_MANY_ATTEMPTS = ErrorCode.RATE_LIMITED,
  ) {
    super(code, message);
  }
}

/** «N с» under two minutes, «N мин» (rounded up) beyond. */
export function waitText(seconds: number): string {
  return seconds < 120 ? `${seconds} с` : `${Math.ceil(seconds / 60)} мин`;
}
