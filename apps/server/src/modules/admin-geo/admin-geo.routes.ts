import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCitiesPageSchema,
  AdminCitySchema,
  AdminCountriesPageSchema,
  AdminCountrySchema,
  CreateCityInputSchema,
  CreateCountryInputSchema,
  IdParamsSchema,
  ListAdminCitiesQuerySchema,
  ListAdminCountriesQuerySchema,
  OkResponseSchema,
  UpdateCityInputSchema,
  UpdateCountryInputSchema,
} from '@smena/contract';
import { responses } from '../../lib/route-helpers.ts';
import { SUPERADMIN_ONLY } from '../../plugins/access.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createAdminGeoService } from './admin-geo.service.ts';

const tags = ['Справочники (супер админ)'];

/**
 * The super admin edits countries and cities here; everybody keeps reading them through
 * GET /countries and GET /cities (the countries module).
 */
export function adminGeoRoutes(deps: ModuleDeps) {
  const service = createAdminGeoService({ db: deps.db });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const config = { access: SUPERADMIN_ONLY };

    // ---------- Countries ----------

    app.get(
      '/admin/countries',
      {
        schema: {
          tags,
          summary: 'Страны с числом городов, компаний и пользователей',
          querystring: ListAdminCountriesQuerySchema,
          response: responses({ 200: AdminCountriesPageSchema }),
        },
        config,
      },
      (request) => service.listCountries(request.query),
    );

    app.get(
      '/admin/countries/:id',
      {
        schema: {
          tags,
          summary: 'Страна',
          params: IdParamsSchema,
          response: responses({ 200: AdminCountrySchema }),
        },
        config,
      },
      (request) => service.getCountry(request.params.id),
    );

    app.post(
      '/admin/countries',
      {
        schema: {
          tags,
          summary: 'Добавить страну',
          body: CreateCountryInputSchema,
          response: responses({ 201: AdminCountrySchema }),
        },
        config,
      },
      async (request, reply) => {
        const country = await service.createCountry(requireAuth(request), request.body);
        return reply.status(201).send(country);
      },
    );

    app.patch(
      '/admin/countries/:id',
      {
        schema: {
          tags,
          summary: 'Изменить страну (ISO-код — пока её никто не указал)',
          params: IdParamsSchema,
          body: UpdateCountryInputSchema,
          response: responses({ 200: AdminCountrySchema }),
        },
        config,
      },
      (request) => service.updateCountry(requireAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/admin/countries/:id',
      {
        schema: {
          tags,
          summary: 'Удалить страну (используемую — нельзя, 409)',
          params: IdParamsSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config,
      },
      (request) => service.deleteCountry(requireAuth(request), request.params.id),
    );

    // ---------- Cities ----------

    app.get(
      '/admin/cities',
      {
        schema: {
          tags,
          summary: 'Города с числом филиалов',
          querystring: ListAdminCitiesQuerySchema,
          response: responses({ 200: AdminCitiesPageSchema }),
        },
        config,
      },
      (request) => service.listCities(request.query),
    );

    app.get(
      '/admin/cities/:id',
      {
        schema: {
          tags,
          summary: 'Город',
          params: IdParamsSchema,
          response: responses({ 200: AdminCitySchema }),
        },
        config,
      },
      (request) => service.getCity(request.params.id),
    );

    app.post(
      '/admin/cities',
      {
        schema: {
          tags,
          summary: 'Добавить город',
          body: CreateCityInputSchema,
          response: responses({ 201: AdminCitySchema }),
        },
        config,
      },
      async (request, reply) => {
        const city = await service.createCity(requireAuth(request), request.body);
        return reply.status(201).send(city);
      },
    );

    app.patch(
      '/admin/cities/:id',
      {
        schema: {
          tags,
          summary: 'Изменить город',
          params: IdParamsSchema,
          body: UpdateCityInputSchema,
          response: responses({ 200: AdminCitySchema }),
        },
        config,
      },
      (request) => service.updateCity(requireAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/admin/cities/:id',
      {
        schema: {
          tags,
          summary: 'Удалить город (указанный в филиалах — нельзя, 409)',
          params: IdParamsSchema,
          response: responses({ 200: OkResponseSchema }),
        },
        config,
      },
      (request) => service.deleteCity(requireAuth(request), request.params.id),
    );
  };
}
