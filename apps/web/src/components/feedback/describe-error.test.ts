import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  describeError,
  FORBIDDEN_TITLE,
  INTERNAL_ERROR_TITLE,
  NOT_FOUND_TITLE,
} from './describe-error.ts';

describe('error page text', () => {
  it('says «Страница не найдена» for 404', () => {
    expect(describeError(new ErrorResponseImpl(404, 'Not Found', null)).title).toBe(
      NOT_FOUND_TITLE,
    );
    expect(
      describeError(
        new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'Сотрудник не найден' }),
      ).title,
    ).toBe(NOT_FOUND_TITLE);
  });

  it('says «Внутренняя ошибка сервера» unless a message is supplied', () => {
    expect(describeError(new Error('x is undefined')).title).toBe(INTERNAL_ERROR_TITLE);
    expect(describeError(new ErrorResponseImpl(500, 'Internal', null)).title).toBe(
      INTERNAL_ERROR_TITLE,
    );
    expect(
      describeError(new ErrorResponseImpl(403, 'Forbidden', 'Компания заблокирована')).title,
    ).toBe('Компания заблокирована');
    expect(
      describeError(new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'Нет связи' }))
        .title,
    ).toBe('Нет связи');
  });

  it('a page the role may not open says why and whom to ask', () => {
    const denied = describeError(
      new ErrorResponseImpl(403, '', 'Эта страница доступна только администратору компании'),
    );
    expect(denied).toEqual({
      status: 403,
      title: 'Эта страница доступна только администратору компании',
      description: 'Если эта страница нужна вам для работы, обратитесь к администратору компании.',
    });
    expect(describeError(new ErrorResponseImpl(403, 'Forbidden', null)).title).toBe(
      FORBIDDEN_TITLE,
    );
  });

  it('explains a page whose code could not be downloaded', () => {
    expect(
      describeError(new TypeError('Failed to fetch dynamically imported module: /a.js')).title,
    ).toMatch(/Не удалось загрузить страницу/);
  });
});
