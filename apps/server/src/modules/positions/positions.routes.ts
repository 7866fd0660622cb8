import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreatePositionInputSchema,
  DeleteResultSchema,
  IdParamsSchema,
  ListPositionsQuerySchema,
  PositionSchema,
  PositionsPageSchema,
  UpdatePositionInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createPositionsService } from './positions.service.ts';

const tags = ['Должности'];

/** Positions are read by every member (forms and filters) and edited by admins and managers. */
export function positionsRoutes(deps: ModuleDeps) {
  const positionsService = createPositionsService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/positions',
      {
        schema: {
          tags,
          summary: 'Должности компании',
          querystring: ListPositionsQuerySchema,
          response: responses({ 200: PositionsPageSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => positionsService.listPositions(companyAuth(request), request.query),
    );

    app.get(
      '/positions/:id',
      {
        schema: {
          tags,
          summary: 'Должность',
          params: IdParamsSchema,
          response: responses({ 200: PositionSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => positionsService.getPosition(companyAuth(request), request.params.id),
    );

    app.post(
      '/positions',
      {
        schema: {
          tags,
          summary: 'Создать должность',
          body: CreatePositionInputSchema,
          response: responses({ 201: PositionSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      async (request, reply) => {
        const position = await positionsService.createPosition(companyAuth(request), request.body);
        return reply.status(201).send(position);
      },
    );

    app.patch(
      '/positions/:id',
      {
        schema: {
          tags,
          summary: 'Изменить должность',
          params: IdParamsSchema,
          body: UpdatePositionInputSchema,
          response: responses({ 200: PositionSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) =>
        positionsService.updatePosition(companyAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/positions/:id',
      {
        schema: {
          tags,
          summary: 'Удалить должность',
          params: IdParamsSchema,
          response: responses({ 200: DeleteResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => positionsService.deletePosition(companyAuth(request), request.params.id),
    );
  };
}
