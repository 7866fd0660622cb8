import { z } from 'zod';
import './zod-setup.ts';
import { BodyIdSchema, PaginationQuerySchema, pageOf } from './common.ts';

const TitleSchema = z
  .string({ error: 'Введите название' })
  .trim()
  .min(1, 'Введите название')
  .max(200, 'Не длиннее 200 символов');

/** An IANA zone the runtime knows, e.g. `Europe/Moscow`. */
export const TimezoneSchema = z
  .string({ error: 'Выберите часовой пояс' })
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone.includes('/') || zone === 'UTC';
    } catch {
      return false;
    }
  }, 'Неизвестный часовой пояс');

export const SortOrderSchema = z.enum(['asc', 'desc']).default('asc');

/** Structure lists are small and feed selects, so they may be fetched whole (up to 1000). */
export const StructureListQuerySchema = PaginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  order: SortOrderSchema,
});

// ---------- Cities (read by forms; the super admin edits them in the admin area) ----------

export const CitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  countryId: z.number().int(),
  countryCode: z.string(),
});
export type City = z.infer<typeof CitySchema>;
export const ListCitiesQuerySchema = z.object({
  country: z.string().trim().toUpperCase().length(2).optional(),
  search: z.string().trim().max(100).optional(),
});

// ---------- Branches ----------

export const BRANCH_RADIUS_DEFAULT = 100;
export const BRANCH_RADIUS_MIN = 10;
export const BRANCH_RADIUS_MAX = 5000;

export const BranchSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  address: z.string(),
  cityId: z.number().int().nullable(),
  cityName: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number().int(),
  timezone: z.string(),
  active: z.boolean(),
  employeeCount: z.number().int(),
  createdAt: z.string(),
});
export type Branch = z.infer<typeof BranchSchema>;

export const CreateBranchInputSchema = z
  .object({
    title: TitleSchema,
    address: z.string().trim().max(500, 'Не длиннее 500 символов').default(''),
    cityId: BodyIdSchema.nullable().default(null),
    latitude: z
      .number({ error: 'Укажите широту' })
      .min(-90, 'Широта от −90 до 90')
      .max(90, 'Широта от −90 до 90'),
    longitude: z
      .number({ error: 'Укажите долготу' })
      .min(-180, 'Долгота от −180 до 180')
      .max(180, 'Долгота от −180 до 180'),
    radius: z
      .number({ error: 'Укажите радиус' })
      .int('Целое число метров')
      .min(BRANCH_RADIUS_MIN, `Радиус от ${BRANCH_RADIUS_MIN} до ${BRANCH_RADIUS_MAX} м`)
      .max(BRANCH_RADIUS_MAX, `Радиус от ${BRANCH_RADIUS_MIN} до ${BRANCH_RADIUS_MAX} м`)
      .default(BRANCH_RADIUS_DEFAULT),
    /** Defaults to the company's timezone. */
    timezone: TimezoneSchema.nullable().default(null),
    active: z.boolean().default(true),
  })
  .strict();
export type CreateBranchInput = z.input<typeof CreateBranchInputSchema>;

export const UpdateBranchInputSchema = z
  .object({
    title: TitleSchema,
    address: z.string().trim().max(500, 'Не длиннее 500 символов'),
    cityId: BodyIdSchema.nullable(),
    latitude: z.number().min(-90, 'Широта от −90 до 90').max(90, 'Широта от −90 до 90'),
    longitude: z.number().min(-180, 'Долгота от −180 до 180').max(180, 'Долгота от −180 до 180'),
    radius: z
      .number()
      .int('Целое число метров')
      .min(BRANCH_RADIUS_MIN, `Радиус от ${BRANCH_RADIUS_MIN} до ${BRANCH_RADIUS_MAX} м`)
      .max(BRANCH_RADIUS_MAX, `Радиус от ${BRANCH_RADIUS_MIN} до ${BRANCH_RADIUS_MAX} м`),
    timezone: TimezoneSchema,
    active: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateBranchInput = z.infer<typeof UpdateBranchInputSchema>;

export const ListBranchesQuerySchema = StructureListQuerySchema.extend({
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(['title', 'createdAt', 'employeeCount']).default('title'),
});
export type ListBranchesQuery = z.infer<typeof ListBranchesQuerySchema>;
export const BranchesPageSchema = pageOf(BranchSchema);

/** Deleting a branch that employees or records use archives it instead (active = false). */
export const DeleteResultSchema = z.object({ result: z.enum(['deleted', 'archived']) });
export type DeleteResult = z.infer<typeof DeleteResultSchema>;

// ---------- Departments ----------

export const DepartmentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  parentId: z.number().int().nullable(),
  headEmployeeId: z.number().int().nullable(),
  headName: z.string().nullable(),
  employeeCount: z.number().int(),
  createdAt: z.string(),
});
export type Department = z.infer<typeof DepartmentSchema>;

export const CreateDepartmentInputSchema = z
  .object({
    title: TitleSchema,
    parentId: BodyIdSchema.nullable().default(null),
    headEmployeeId: BodyIdSchema.nullable().default(null),
  })
  .strict();
export type CreateDepartmentInput = z.input<typeof CreateDepartmentInputSchema>;
export const UpdateDepartmentInputSchema = z
  .object({
    title: TitleSchema,
    parentId: BodyIdSchema.nullable(),
    headEmployeeId: BodyIdSchema.nullable(),
  })
  .partial()
  .strict();
export type UpdateDepartmentInput = z.infer<typeof UpdateDepartmentInputSchema>;
export const ListDepartmentsQuerySchema = StructureListQuerySchema.extend({
  sort: z.enum(['title', 'createdAt', 'employeeCount']).default('title'),
});
export type ListDepartmentsQuery = z.infer<typeof ListDepartmentsQuerySchema>;
export const DepartmentsPageSchema = pageOf(DepartmentSchema);

// ---------- Positions ----------

export const PositionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  employeeCount: z.number().int(),
  createdAt: z.string(),
});
export type Position = z.infer<typeof PositionSchema>;
export const CreatePositionInputSchema = z.object({ title: TitleSchema }).strict();
export type CreatePositionInput = z.infer<typeof CreatePositionInputSchema>;
export const UpdatePositionInputSchema = CreatePositionInputSchema.partial().strict();
export const ListPositionsQuerySchema = StructureListQuerySchema.extend({
  sort: z.enum(['title', 'createdAt', 'employeeCount']).default('title'),
});
export type ListPositionsQuery = z.infer<typeof ListPositionsQuerySchema>;
export const PositionsPageSchema = pageOf(PositionSchema);
