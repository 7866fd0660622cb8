import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangeNewPasswordInputSchema,
  IdParamsSchema,
  ImpersonateInputSchema,
  LoginInputSchema,
  MessageResponseSchema,
  OkResponseSchema,
  RefreshInputSchema,
  RegisterCompanyInputSchema,
  RestoreAccountInputSchema,
  TokenPairSchema,
} from '@smena/contract';
import { SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta, responses } from '../../lib/route-helpers.ts';
import { perIpLimit } from '../../plugins/rate-limit.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['Авторизация'];

export type AuthRouteLimits = {
  /** Per client IP on login, refresh and register: a ceiling against floods only. */
  perIp: { max: number; timeWindow: string };
  /** Per client IP on restore-account and change-new-password. */
  otpPerIp: { max: number; timeWindow: string };
};

/**
 * The auth routes. Their per-IP ceilings are generous: what is attacked (an account, a phone, a
 * session) is limited by the service, whatever the address.
 */
export function authRoutes(authService: AuthService, limits: AuthRouteLimits) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const limited = { rateLimit: perIpLimit(limits.perIp) };
    const otpLimited = { rateLimit: perIpLimit(limits.otpPerIp) };

    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary: 'Вход по email и паролю',
          security: [],
          body: LoginInputSchema,
          response: responses({ 200: TokenPairSchema }),
        },
        config: { access: 'public', ...limited },
      },
      (request) => authService.login(request.body, requestMeta(request)),
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags,
          summary: 'Обновление токенов (refresh-токен одноразовый)',
          security: [],
          body: RefreshInputSchema,
          response: responses({ 200: TokenPairSchema }),
        },
        config: { access: 'public', ...limited },
      },
      (request) => authService.refresh(request.body.refresh),
    );

    app.delete(
      '/auth/logout',
      {
        schema: {
          tags,
          summary: 'Выход: завершает текущую сессию',
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        await authService.logout(requireAuth(request));
        return { ok: true as const };
      },
    );

    app.delete(
      '/auth/clear-session',
      {
        schema: {
          tags,
          summary: 'Выход на всех устройствах',
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        await authService.clearSessions(requireAuth(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/register',
      {
        schema: {
          tags,
          summary: 'Регистрация компании с пробным периодом',
          security: [],
          body: RegisterCompanyInputSchema,
          response: responses({ 201: TokenPairSchema }),
        },
        config: { access: 'public', ...limited },
      },
      async (request, reply) => {
        const tokens = await authService.registerCompany(request.body, requestMeta(request));
        return reply.status(201).send(tokens);
      },
    );

    app.post(
      '/auth/restore-account',
      {
        schema: {
          tags,
          summary: 'Запрос кода восстановления по SMS',
          security: [],
          body: RestoreAccountInputSchema,
          response: responses({ 200: MessageResponseSchema }),
        },
        config: { access: 'public', ...otpLimited },
      },
      (request) => authService.restoreAccount(request.body),
    );

    app.post(
      '/auth/change-new-password',
      {
        schema: {
          tags,
          summary: 'Новый пароль по коду из SMS',
          security: [],
          body: ChangeNewPasswordInputSchema,
          response: responses({ 200: MessageResponseSchema }),
        },
        config: { access: 'public', ...otpLimited },
      },
      (request) => authService.changeNewPassword(request.body),
    );

    app.post(
      '/auth/auth-with-admin/:id',
      {
        schema: {
          tags,
          summary: 'Вход супер админа в компанию как её администратор',
          params: IdParamsSchema,
          body: ImpersonateInputSchema,
          response: responses({ 200: TokenPairSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) =>
        authService.impersonate(
          requireAuth(request),
          request.params.id,
          request.body?.execAs,
          requestMeta(request),
        ),
    );
  };
}
