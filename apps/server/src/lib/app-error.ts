import { ErrorCode, type FieldError, type NewPlanViolation } from '@smena/contract';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 422,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  SESSION_REVOKED: 401,
  FORBIDDEN: 403,
  COMPANY_BLOCKED: 403,
  USER_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PERIOD_LOCKED: 409,
  PLAN_LIMIT_REACHED: 409,
  PLAN_RULES_VIOLATED: 422,
  PAYMENT_REQUIRED: 402,
  OTP_INVALID: 422,
  OTP_EXPIRED: 422,
  OTP_TOO_MANY_ATTEMPTS: 429,
  LINK_EXPIRED: 410,
  LINK_REVOKED: 410,
  LINK_USED_UP: 410,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The one error type of the server: services throw it, the error handler maps it. */
export class AppError extends Error {
  readonly statusCode: number;
  /** With PLAN_RULES_VIOLATED: what the refused change would have brought. */
  violations?: NewPlanViolation[];

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusByCode[code];
  }

  static notFound(message = 'Не найдено'): AppError {
    return new AppError(ErrorCode.NOT_FOUND, message);
  }

  static forbidden(message = 'Недостаточно прав'): AppError {
    return new AppError(ErrorCode.FORBIDDEN, message);
  }

  static unauthorized(message = 'Требуется вход в систему'): AppError {
    return new AppError(ErrorCode.UNAUTHORIZED, message);
  }

  static conflict(message: string): AppError {
    return new AppError(ErrorCode.CONFLICT, message);
  }

  /** A roster change refused by the company's hard stop on the Labour Code checks. */
  static planRulesViolated(message: string, violations: NewPlanViolation[]): AppError {
    const error = new AppError(ErrorCode.PLAN_RULES_VIOLATED, message);
    error.violations = violations;
    return error;
  }

  static validation(field: string, message: string): AppError {
    return new AppError(ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
  }
}
