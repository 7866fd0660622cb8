import type { FieldError, NewPlanViolation } from '@smena/contract';

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const NETWORK_ERROR_MESSAGE =
  'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.';

/** The one error type of the web app: what the API answered, or a network failure (statusCode 0). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: FieldError[] | undefined;
  /** PLAN_RULES_VIOLATED: the Labour Code violations the refused change would have brought. */
  readonly violations: NewPlanViolation[] | undefined;

  constructor(init: {
    statusCode: number;
    code: string;
    message: string;
    details?: FieldError[];
    violations?: NewPlanViolation[];
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.details = init.details;
    this.violations = init.violations;
  }

  get isNetworkError(): boolean {
    return this.statusCode === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * No reply, or the server (or the proxy in front of it) says it is unavailable: 502, 503, 504.
 * Such a failure says nothing about the request; it is worth repeating once the server is back.
 */
export function isUnavailableError(error: unknown): boolean {
  return isApiError(error) && (error.isNetworkError || isUnavailableStatus(error.statusCode));
}

/** Statuses that mean «no server behind this address just now» rather than an answer to the request. */
export function isUnavailableStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** A message fit to show a person, whatever was thrown. */
export function getErrorMessage(
  error: unknown,
  fallback = 'Что-то пошло не так. Попробуйте ещё раз.',
): string {
  if (isApiError(error)) return error.message;
  return fallback;
}

function fallbackMessage(status: number): string {
  if (status === 400 || status === 422) return 'Проверьте введённые данные.';
  if (status === 401) return 'Требуется вход в систему.';
  if (status === 403) return 'Недостаточно прав для этого действия.';
  if (status === 404) return 'Не найдено.';
  if (status === 409) return 'Конфликт данных: запись уже изменена или существует.';
  if (status === 413) return 'Слишком большой объём данных.';
  if (status === 429) return 'Слишком много запросов. Подождите немного и попробуйте снова.';
  if (status >= 500) return 'Сервер временно недоступен. Попробуйте позже.';
  return `Не удалось выполнить запрос (код ${status}).`;
}

function isFieldErrorList(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        'field' in item &&
        'message' in item &&
        typeof item.field === 'string' &&
        typeof item.message === 'string',
    )
  );
}

function isViolationList(value: unknown): value is NewPlanViolation[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        'employeeId' in item &&
        'article' in item &&
        'message' in item &&
        typeof item.employeeId === 'number' &&
        typeof item.article === 'string' &&
        typeof item.message === 'string',
    )
  );
}

/** Builds an ApiError from an HTTP answer that is not 2xx, using the API's error body when present. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
    const message =
      'message' in body && typeof body.message === 'string' && body.message.trim()
        ? body.message
        : undefined;
    const details = 'details' in body && isFieldErrorList(body.details) ? body.details : undefined;
    const violations =
      'violations' in body && isViolationList(body.violations) ? body.violations : undefined;
    if (code || message) {
      return new ApiError({
        statusCode: status,
        code: code ?? `HTTP_${status}`,
        message:
          status >= 500 && !code ? fallbackMessage(status) : (message ?? fallbackMessage(status)),
        details,
        ...(violations && { violations }),
      });
    }
  }
  return new ApiError({
    statusCode: status,
    code: `HTTP_${status}`,
    message: fallbackMessage(status),
  });
}

export function networkError(): ApiError {
  return new ApiError({ statusCode: 0, code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE });
}
