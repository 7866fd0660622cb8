import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc } from 'drizzle-orm';
import { CountrySchema } from '@smena/contract';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema/index.ts';
import { responses } from '../../lib/route-helpers.ts';

/** Public list of countries for the registration and profile forms. */
export function countriesRoutes(db: Db) {
  return async function (fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
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
  };
}
