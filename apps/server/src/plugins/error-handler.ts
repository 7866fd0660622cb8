import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorResponse, type FieldError } from '@smena/contract';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';

/** Seconds a client waits before repeating a request refused while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
export const SERVICE_UNAVAILABLE_MESSAGE =
  'Сервис временно недоступен. Повторите через несколько секунд';

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'Некорректный запрос',
  401: 'Требуется вход в систему',
  403: 'Недостаточно прав',
  404: 'Не найдено',
  405: 'Метод не поддерживается',
  406: 'Неподдерживаемый формат ответа',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый тип содержимого',
  429: 'Слишком много запросов. Повторите позже',
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  429: ErrorCode.RATE_LIMITED,
};

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const context = error.validationContext;
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return {
      field: path || context || 'body',
      message: issue.message ?? 'Некорректное значение',
    };
  });
}

/** Maps every error to `{ statusCode, code, message }`; 5xx are logged and their text hidden. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorResponse;
    if (error instanceof AppError) {
      body = {
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        ...(error.violations ? { violations: error.violations } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const details = fieldErrorsOf(error);
      body = {
        statusCode: 422,
        code: ErrorCode.VALIDATION_ERROR,
        message: details[0]
          ? `Проверьте поля: ${details[0].message}`
          : 'Проверьте введённые данные',
        details,
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      body = {
        statusCode: 500,
        code: ErrorCode.INTERNAL_ERROR,
        message: 'Внутренняя ошибка сервера',
      };
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      body = {
        statusCode: 400,
        code: ErrorCode.BAD_REQUEST,
        message: 'Некорректный JSON в запросе',
      };
    } else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      body = { statusCode: 400, code: ErrorCode.BAD_REQUEST, message: 'Пустое тело запроса' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      body = {
        statusCode: error.statusCode,
        code: CODE_BY_STATUS[error.statusCode] ?? ErrorCode.BAD_REQUEST,
        message: MESSAGES_BY_STATUS[error.statusCode] ?? 'Некорректный запрос',
      };
    } else if (isDatabaseUnavailable(error)) {
      // The database is down, restarting or out of connections: a retry will do.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      body = {
        statusCode: 503,
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: SERVICE_UNAVAILABLE_MESSAGE,
      };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = {
        statusCode: 500,
        code: ErrorCode.INTERNAL_ERROR,
        message: 'Внутренняя ошибка сервера',
      };
    }
    if (body.statusCode >= 500 && error instanceof AppError) request.log.error({ err: error });
    return reply.status(body.statusCode).send(body);
  });
});
