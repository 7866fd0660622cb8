import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateCompanyLinkInputSchema,
  CreateEmployeeLinkInputSchema,
  ListRegistrationLinksQuerySchema,
  PublicRegistrationLinkSchema,
  RegisterWithCompanyLinkInputSchema,
  RegisterWithLinkInputSchema,
  RegistrationLinkSchema,
  RegistrationLinksPageSchema,
  TokenPairSchema,
} from '@smena/contract';
import { requestMeta, responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { companyAuth, requireAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createRegistrationLinksService } from './registration-links.service.ts';

const tags = ['Ссылки-приглашения'];
const authTags = ['Авторизация'];

/** Link ids are UUIDs: anything else is a validation error, never a database error. */
const LinkIdParamsSchema = z.object({
  id: z.uuid({ error: 'Некорректный идентификатор ссылки-приглашения' }),
});

export function registrationLinksRoutes(deps: ModuleDeps) {
  const linksService = createRegistrationLinksService({
    db: deps.db,
    authService: deps.authService,
  });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const publicLimited = { access: 'public' as const, rateLimit: deps.authRateLimit };

    // ---------- Employee links (the company's ADMIN or MANAGER) ----------

    app.post(
      '/registration-links',
      {
        schema: {
          tags,
          summary: 'Создать ссылку-приглашение для сотрудников',
          body: CreateEmployeeLinkInputSchema,
          response: responses({ 201: RegistrationLinkSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      async (request, reply) => {
        const link = await linksService.createEmployeeLink(companyAuth(request), request.body);
        return reply.status(201).send(link);
      },
    );

    app.get(
      '/registration-links',
      {
        schema: {
          tags,
          summary: 'Ссылки-приглашения компании, новые сверху',
          querystring: ListRegistrationLinksQuerySchema,
          response: responses({ 200: RegistrationLinksPageSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => linksService.listEmployeeLinks(companyAuth(request), request.query),
    );

    app.delete(
      '/registration-links/:id',
      {
        schema: {
          tags,
          summary: 'Отозвать ссылку-приглашение',
          params: LinkIdParamsSchema,
          response: responses({ 200: RegistrationLinkSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => linksService.revokeEmployeeLink(companyAuth(request), request.params.id),
    );

    // ---------- Company links (the super admin) ----------

    app.post(
      '/admin/registration-links',
      {
        schema: {
          tags,
          summary: 'Создать ссылку-приглашение для регистрации компании',
          body: CreateCompanyLinkInputSchema,
          response: responses({ 201: RegistrationLinkSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      async (request, reply) => {
        const link = await linksService.createCompanyLink(requireAuth(request), request.body);
        return reply.status(201).send(link);
      },
    );

    app.get(
      '/admin/registration-links',
      {
        schema: {
          tags,
          summary: 'Ссылки-приглашения для регистрации компаний, новые сверху',
          querystring: ListRegistrationLinksQuerySchema,
          response: responses({ 200: RegistrationLinksPageSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => linksService.listCompanyLinks(request.query),
    );

    app.delete(
      '/admin/registration-links/:id',
      {
        schema: {
          tags,
          summary: 'Отозвать ссылку-приглашение для регистрации компании',
          params: LinkIdParamsSchema,
          response: responses({ 200: RegistrationLinkSchema }),
        },
        config: { access: SUPERADMIN_ONLY },
      },
      (request) => linksService.revokeCompanyLink(request.params.id),
    );

    // ---------- Public: the registration page ----------

    app.get(
      '/registration-links/:id/public',
      {
        schema: {
          tags,
          summary: 'Ссылка-приглашение для страницы регистрации (410, если больше не действует)',
          security: [],
          params: LinkIdParamsSchema,
          response: responses({ 200: PublicRegistrationLinkSchema }),
        },
        // A read of an unguessable UUID: no need for the strict limit of the registration writes.
        config: { access: 'public' },
      },
      (request) => linksService.getPublicLink(request.params.id),
    );

    app.post(
      '/auth/register-with-link',
      {
        schema: {
          tags: authTags,
          summary: 'Регистрация сотрудника по ссылке-приглашению',
          security: [],
          body: RegisterWithLinkInputSchema,
          response: responses({ 201: TokenPairSchema }),
        },
        config: publicLimited,
      },
      async (request, reply) => {
        const tokens = await linksService.registerWithLink(request.body, requestMeta(request));
        return reply.status(201).send(tokens);
      },
    );

    app.post(
      '/auth/register-with-company-link',
      {
        schema: {
          tags: authTags,
          summary: 'Регистрация компании по ссылке-приглашению',
          security: [],
          body: RegisterWithCompanyLinkInputSchema,
          response: responses({ 201: TokenPairSchema }),
        },
        config: publicLimited,
      },
      async (request, reply) => {
        const tokens = await linksService.registerWithCompanyLink(
          request.body,
          requestMeta(request),
        );
        return reply.status(201).send(tokens);
      },
    );
  };
}
