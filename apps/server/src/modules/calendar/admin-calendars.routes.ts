import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CountryCalendarListSchema,
  CountryCalendarParamsSchema,
  CountryCalendarSchema,
  UpdateCountryCalendarInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { SUPERADMIN_ONLY } from '../../plugins/access.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createAdminCalendarsService } from './admin-calendars.service.ts';

const tags = ['Производственные календари'];

/** The super admin edits countries' production calendars; companies start from them. */
export function adminCalendarsRoutes(deps: ModuleDeps) {
  const service = createAdminCalendarsService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const config = { access: SUPERADMIN_ONLY };

    app.get(
      '/admin/calendars',
      {
        schema: {
          tags,
          summary: 'Сохранённые годы производственных календарей стран',
          response: responses({ 200: CountryCalendarListSchema }),
        },
        config,
      },
      () => service.listCountryCalendars(),
    );

    app.get(
      '/admin/calendars/:country/:year',
      {
        schema: {
          tags,
          summary: 'Производственный календарь страны на год (пустой — пятидневка)',
          params: CountryCalendarParamsSchema,
          response: responses({ 200: CountryCalendarSchema }),
        },
        config,
      },
      (request) => service.getCountryCalendar(request.params.country, request.params.year),
    );

    app.put(
      '/admin/calendars/:country/:year',
      {
        schema: {
          tags,
          summary: 'Заменить производственный календарь страны на год',
          params: CountryCalendarParamsSchema,
          body: UpdateCountryCalendarInputSchema,
          response: responses({ 200: CountryCalendarSchema }),
        },
        config,
      },
      (request) =>
        service.putCountryCalendar(request.params.country, request.params.year, request.body),
    );
  };
}
