import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AvailabilityListSchema,
  AvailabilityMarkSchema,
  DeleteAvailabilityQuerySchema,
  ListAvailabilityQuerySchema,
  OkResponseSchema,
  SetAvailabilityInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { COMPANY_MEMBERS } from '../../plugins/access.ts';
import { companyAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createAvailabilityService } from './availability.service.ts';

const tags = ['Пожелания сотрудников'];

/**
 * Availability and wishes (decision 027): every member marks their own dates; ADMINs and
 * MANAGERs (their scope) read an employee's marks here and on the calendar.
 */
export function availabilityRoutes(deps: ModuleDeps) {
  const service = createAvailabilityService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/availability',
      {
        schema: {
          tags,
          summary: 'Отметки «не могу» и «хотел бы не работать» за период (свои или сотрудника)',
          querystring: ListAvailabilityQuerySchema,
          response: responses({ 200: AvailabilityListSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.listMarks(companyAuth(request), request.query),
    );

    app.put(
      '/availability',
      {
        schema: {
          tags,
          summary: 'Отметить свою дату: не могу или хотел бы не работать',
          body: SetAvailabilityInputSchema,
          response: responses({ 200: AvailabilityMarkSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      (request) => service.setMark(companyAuth(request), request.body),
    );

    app.delete(
      '/availability',
      {
        schema: {
          tags,
          summary: 'Убрать свою отметку с даты',
          querystring: DeleteAvailabilityQuerySchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config: { access: COMPANY_MEMBERS },
      },
      async (request) => {
        await service.deleteMark(companyAuth(request), request.query);
        return { ok: true as const };
      },
    );
  };
}
