import { z } from 'zod';
import './zod-setup.ts';
import { IdSchema, PaginationQuerySchema, idField, pageOf } from './common.ts';

// ---------- The super admin's directory of countries and cities ----------

const GeoNameSchema = z
  .string({ error: 'Введите название' })
  .trim()
  .min(1, 'Введите название')
  .max(100, 'Не длиннее 100 символов');

/** ISO 3166-1 alpha-2: two Latin letters, stored upper-case (`RU`). */
export const IsoCountryCodeSchema = z
  .string({ error: 'Введите ISO-код страны' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'ISO-код — две латинские буквы, например RU');

/** The calling code with its plus (`+7`, `+998`); a code typed without the plus gets one. */
export const PhoneCodeSchema = z
  .string({ error: 'Введите телефонный код' })
  .trim()
  .min(1, 'Введите телефонный код')
  .transform((value) => (value.startsWith('+') ? value : `+${value}`))
  .pipe(z.string().regex(/^\+[1-9]\d{0,3}$/, 'Телефонный код — «+» и до 4 цифр, например +7'));

const AdminSortOrderSchema = z.enum(['asc', 'desc']).default('asc');

export const AdminCountrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  phoneCode: z.string(),
  cityCount: z.number().int(),
  companyCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminCountry = z.infer<typeof AdminCountrySchema>;
export const AdminCountriesPageSchema = pageOf(AdminCountrySchema);

export const ListAdminCountriesQuerySchema = PaginationQuerySchema.extend({
  sort: z.enum(['name', 'code', 'phoneCode', 'cityCount', 'companyCount']).default('name'),
  order: AdminSortOrderSchema,
});
export type ListAdminCountriesQuery = z.infer<typeof ListAdminCountriesQuerySchema>;

export const CreateCountryInputSchema = z
  .object({ name: GeoNameSchema, code: IsoCountryCodeSchema, phoneCode: PhoneCodeSchema })
  .strict();
export type CreateCountryInput = z.input<typeof CreateCountryInputSchema>;

export const UpdateCountryInputSchema = CreateCountryInputSchema.partial().strict();
export type UpdateCountryInput = z.input<typeof UpdateCountryInputSchema>;

export const AdminCitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  countryId: z.number().int(),
  countryCode: z.string(),
  countryName: z.string(),
  branchCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminCity = z.infer<typeof AdminCitySchema>;
export const AdminCitiesPageSchema = pageOf(AdminCitySchema);

export const ListAdminCitiesQuerySchema = PaginationQuerySchema.extend({
  countryId: IdSchema.optional(),
  sort: z.enum(['name', 'country', 'branchCount']).default('name'),
  order: AdminSortOrderSchema,
});
export type ListAdminCitiesQuery = z.infer<typeof ListAdminCitiesQuerySchema>;

export const CreateCityInputSchema = z
  .object({
    name: GeoNameSchema,
    countryId: idField('Выберите страну'),
  })
  .strict();
export type CreateCityInput = z.input<typeof CreateCityInputSchema>;

export const UpdateCityInputSchema = CreateCityInputSchema.partial().strict();
export type UpdateCityInput = z.input<typeof UpdateCityInputSchema>;
