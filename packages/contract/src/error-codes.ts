// No zod here: the app shell reads these values, and a module that builds schemas would bring
// zod into every page's first load (see roles.ts).

/** Stable error codes for programs; people read the Russian `message`. */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  SESSION_REVOKED: 'SESSION_REVOKED',
  FORBIDDEN: 'FORBIDDEN',
  COMPANY_BLOCKED: 'COMPANY_BLOCKED',
  USER_BLOCKED: 'USER_BLOCKED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** The month of the dates is approved (decision 022): no write changes its attendance (HTTP 409). */
  PERIOD_LOCKED: 'PERIOD_LOCKED',
  PLAN_LIMIT_REACHED: 'PLAN_LIMIT_REACHED',
  /**
   * A roster change would bring a new Labour Code violation and the company's checks are hard
   * stops (HTTP 422): the answer's `violations` say which.
   */
  PLAN_RULES_VIOLATED: 'PLAN_RULES_VIOLATED',
  /** The paid period and its grace days are over: writes wait for a payment (HTTP 402). */
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  OTP_INVALID: 'OTP_INVALID',
  OTP_EXPIRED: 'OTP_EXPIRED',
  OTP_TOO_MANY_ATTEMPTS: 'OTP_TOO_MANY_ATTEMPTS',
  LINK_EXPIRED: 'LINK_EXPIRED',
  LINK_REVOKED: 'LINK_REVOKED',
  LINK_USED_UP: 'LINK_USED_UP',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
