import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminUserSchema,
  AdminUsersPageSchema,
  IdParamsSchema,
  ListAdminUsersQuerySchema,
  MessageResponseSchema,
  UpdateAdminUserInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createAdminUsersService } from './admin-users.service.ts';

const tags = ['Пользователи (супер админ)'];

export function adminUsersRoutes(deps: ModuleDeps) {
  const service = createAdminUsersService({ db: deps.db, authService: deps.authService });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const config = { access: SUPERADMIN_ONLY };

    app.get(
      '/admin/users',
      {
        schema: {
          tags,
          summary: 'Пользователи сервиса с их компаниями и ролями',
          querystring: ListAdminUsersQuerySchema,
          response: responses({ 200: AdminUsersPageSchema }),
        },
        config,
      },
      (request) => service.listUsers(request.query),
    );

    app.get(
      '/admin/users/:id',
      {
        schema: {
          tags,
          summary: 'Пользователь',
          params: IdParamsSchema,
          response: responses({ 200: AdminUserSchema }),
        },
        config,
      },
      (request) => service.getUser(request.params.id),
    );

    app.patch(
      '/admin/users/:id',
      {
        schema: {
          tags,
          summary:
            'Изменить имя, email или телефон пользователя (при смене email или телефона его сессии завершаются)',
          params: IdParamsSchema,
          body: UpdateAdminUserInputSchema,
          response: responses({ 200: AdminUserSchema }),
        },
        config,
      },
      (request) => service.updateUser(requireAuth(request), request.params.id, request.body),
    );

    app.post(
      '/admin/users/:id/block',
      {
        schema: {
          tags,
          summary: 'Заблокировать пользователя: его сессии завершаются, вход запрещён',
          params: IdParamsSchema,
          response: responses({ 200: AdminUserSchema }),
        },
        config,
      },
      (request) => service.blockUser(requireAuth(request), request.params.id),
    );

    app.post(
      '/admin/users/:id/unblock',
      {
        schema: {
          tags,
          summary: 'Разблокировать пользователя',
          params: IdParamsSchema,
          response: responses({ 200: AdminUserSchema }),
        },
        config,
      },
      (request) => service.unblockUser(requireAuth(request), request.params.id),
    );

    app.post(
      '/admin/users/:id/reset-password',
      {
        schema: {
          tags,
          summary: 'Отправить пользователю SMS с кодом для смены пароля',
          params: IdParamsSchema,
          response: responses({ 200: MessageResponseSchema }),
        },
        config,
      },
      (request) => service.resetPassword(requireAuth(request), request.params.id),
    );
  };
}
