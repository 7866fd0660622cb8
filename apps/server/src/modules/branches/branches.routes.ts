import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BranchSchema,
  BranchesPageSchema,
  CreateBranchInputSchema,
  DeleteResultSchema,
  IdParamsSchema,
  ListBranchesQuerySchema,
  UpdateBranchInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { ADMIN_OR_MANAGER, COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createBranchesService } from './branches.service.ts';

const tags = ['Филиалы'];

/** Branches are read by every member (check-in forms need them) and edited by admins and managers. */
export function branchesRoutes(deps: ModuleDeps) {
  const branchesService = createBranchesService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/branches',
      {
        schema: {
          tags,
          summary: 'Филиалы компании',
          querystring: ListBranchesQuerySchema,
          response: responses({ 200: BranchesPageSchema }),
        },
        // Terminals read the branches with their API key.
        config: { access: COMPANY_MEMBERS, apiKey: true },
      },
      (request) => branchesService.listBranches(companyAuth(request), request.query),
    );

    app.get(
      '/branches/:id',
      {
        schema: {
          tags,
          summary: 'Филиал',
          params: IdParamsSchema,
          response: responses({ 200: BranchSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => branchesService.getBranch(companyAuth(request), request.params.id),
    );

    app.post(
      '/branches',
      {
        schema: {
          tags,
          summary: 'Создать филиал',
          body: CreateBranchInputSchema,
          response: responses({ 201: BranchSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      async (request, reply) => {
        const branch = await branchesService.createBranch(companyAuth(request), request.body);
        return reply.status(201).send(branch);
      },
    );

    app.patch(
      '/branches/:id',
      {
        schema: {
          tags,
          summary: 'Изменить филиал',
          params: IdParamsSchema,
          body: UpdateBranchInputSchema,
          response: responses({ 200: BranchSchema }),
        },
        config: { access: ADMIN_OR_MANAGER, reschedulesReminders: true },
      },
      (request) =>
        branchesService.updateBranch(companyAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/branches/:id',
      {
        schema: {
          tags,
          summary: 'Удалить филиал (используемый — архивируется)',
          params: IdParamsSchema,
          response: responses({ 200: DeleteResultSchema }),
        },
        config: { access: ADMIN_OR_MANAGER },
      },
      (request) => branchesService.deleteBranch(companyAuth(request), request.params.id),
    );
  };
}
