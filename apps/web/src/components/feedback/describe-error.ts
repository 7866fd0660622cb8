import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { isChunkLoadError } from '../../lib/chunk-reload.ts';

export const NOT_FOUND_TITLE = 'Страница не найдена';
export const INTERNAL_ERROR_TITLE = 'Внутренняя ошибка сервера';

export type ErrorDescription = { status: number; title: string; description: string };

export const NOT_FOUND: ErrorDescription = {
  status: 404,
  title: NOT_FOUND_TITLE,
  description: 'Возможно, страница была удалена или в адресе есть опечатка.',
};

export const FORBIDDEN_TITLE = 'Недостаточно прав';

/** A page the person's role may not open (a route guard's 403, guard-loaders.ts). */
export function forbidden(message?: string): ErrorDescription {
  return {
    status: 403,
    title: message ?? FORBIDDEN_TITLE,
    description: 'Если эта страница нужна вам для работы, обратитесь к администратору компании.',
  };
}

/**
 * What the error page says: 404 → «Страница не найдена»; a route's 403 → the reason supplied
 * (or «Недостаточно прав») and whom to ask; otherwise the message supplied with the error (API errors
 * and route responses carry Russian text) or «Внутренняя ошибка сервера».
 * Programming errors keep their English text to the console.
 */
export function describeError(error: unknown): ErrorDescription {
  let status = 500;
  let message: string | undefined;

  if (isRouteErrorResponse(error)) {
    status = error.status;
    const data: unknown = error.data;
    if (typeof data === 'string' && data.trim()) message = data;
    else {
      const data: unknown = error.data;
      if (typeof data === 'object' && data !== null && 'message' in data) {
        const value: unknown = data.message;
        if (typeof value === 'string' && value.trim()) message = value;
      }
    }
  } else if (isApiError(error)) {
    status = error.statusCode || 500;
    message = error.message;
  } else if (isChunkLoadError(error)) {
    message =
      'Не удалось загрузить страницу. Проверьте подключение к интернету и обновите страницу.';
  }

  if (status === 404) return NOT_FOUND;
  if (status === 403 && isRouteErrorResponse(error)) return forbidden(message);
  return {
    status,
    title: message ?? INTERNAL_ERROR_TITLE,
    description: message
      ? 'Попробуйте обновить страницу или вернитесь на главную.'
      : 'Мы уже знаем о проблеме. Попробуйте обновить страницу чуть позже.',
  };
}
