import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompanyInvitationSchema,
  CompanyInvitationsPageSchema,
  IdParamsSchema,
  InvitationAcceptedSchema,
  ListCompanyInvitationsQuerySchema,
  MyCompaniesSchema,
  MyInvitationsSchema,
  OkResponseSchema,
  TokenPairSchema,
} from '@smena/contract';
import { requestMeta, responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER } from '../../plugins/access.ts';
import { companyAuth, requireAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createInvitationsService } from './invitations.service.ts';

const companyTags = ['Сотрудники'];
const personTags = ['Профиль'];

/**
 * Invitations of existing accounts (decision 009): the company lists and cancels its own; the
 * person lists, accepts and declines theirs, and switches between their companies.
 */
export function invitationsRoutes(deps: ModuleDeps) {
  const service = createInvitationsService({ db: deps.db, authService: deps.authService });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/invitations',
      {
        schema: {
          tags: companyTags,
          summary: 'Приглашения компании (по умолчанию — ждущие ответа)',
          querystring: ListCompanyInvitationsQuerySchema,
          response: responses({ 200: CompanyInvitationsPageSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.listCompanyInvitations(companyAuth(request), request.query),
    );

    app.post(
      '/invitations/:id/cancel',
      {
        schema: {
          tags: companyTags,
          summary: 'Отменить приглашение, которое ждёт ответа',
          params: IdParamsSchema,
          response: responses({ 200: CompanyInvitationSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => service.cancelInvitation(companyAuth(request), request.params.id),
    );

    app.get(
      '/profile/invitations',
      {
        schema: {
          tags: personTags,
          summary: 'Мои приглашения в компании, ждущие ответа',
          response: responses({ 200: MyInvitationsSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => service.listMyInvitations(requireAuth(request)),
    );

    app.post(
      '/profile/invitations/:id/accept',
      {
        schema: {
          tags: personTags,
          summary: 'Принять приглашение: стать сотрудником компании',
          params: IdParamsSchema,
          response: responses({ 200: InvitationAcceptedSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => service.acceptInvitation(requireAuth(request), request.params.id),
    );

    app.post(
      '/profile/invitations/:id/decline',
      {
        schema: {
          tags: personTags,
          summary: 'Отклонить приглашение',
          params: IdParamsSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        await service.declineInvitation(requireAuth(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/profile/companies',
      {
        schema: {
          tags: personTags,
          summary: 'Компании, в которых я работаю',
          response: responses({ 200: MyCompaniesSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) => service.listMyCompanies(requireAuth(request)),
    );

    app.post(
      '/profile/companies/:id/switch',
      {
        schema: {
          tags: personTags,
          summary: 'Перейти в другую свою компанию: новая пара токенов, текущая сессия завершается',
          params: IdParamsSchema,
          response: responses({ 200: TokenPairSchema }),
        },
        config: { access: 'authenticated' },
      },
      (request) =>
        service.switchCompany(requireAuth(request), request.params.id, requestMeta(request)),
    );
  };
}
