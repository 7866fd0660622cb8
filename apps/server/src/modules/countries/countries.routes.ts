import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq, ilike } from 'drizzle-orm';
import { CitySchema, CountrySchema, ListCitiesQuerySchema } from '@smena/contract';
import type { Db } from '../../db/client.ts';
import { cities, countries } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/pagination.ts';
import { responses } from '../../lib/route-helpers.ts';

/** Reference data for forms: countries (public, for registration) and cities (logged in). */
export function countriesRoutes(db: Db) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/countries',
      {
        schema: {
          tags: ['Справочники'],
          summary: 'Страны',
          security: [],
          response: responses({ 200: z.array(CountrySchema) }),
        },
        config: { access: 'public' },
      },
      () =>
        db
          .select({
            id: countries.id,
            name: countries.name,
            code: countries.code,
            phoneCode: countries.phoneCode,
          })
          .from(countries)
          .orderBy(asc(countries.id)),
    );

    app.get(
      '/cities',
      {
        schema: {
          tags: ['Справочники'],
          summary: 'Города (по стране и поиску)',
          querystring: ListCitiesQuerySchema,
          response: responses({ 200: z.array(CitySchema) }),
        },
        config: { access: 'authenticated' },
      },
      (request) =>
        db
          .select({
            id: cities.id,
            name: cities.name,
            countryId: cities.countryId,
            countryCode: countries.code,
          })
          .from(cities)
          .innerJoin(countries, eq(countries.id, cities.countryId))
          .where(
            and(
              request.query.country ? eq(countries.code, request.query.country) : undefined,
              request.query.search
                ? ilike(cities.name, likePattern(request.query.search))
                : undefined,
            ),
          )
          .orderBy(asc(cities.name))
          .limit(500),
    );
  };
}
