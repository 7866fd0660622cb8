import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, IdSchema } from './common.ts';
import {
  ANALYTICS_ROUTE_MAX_LENGTH,
  ANALYTICS_ROUTE_PATTERN,
  MAX_ANALYTICS_BATCH,
} from './analytics-limits.ts';
import { MAX_CONFIG_TEXT_LENGTH, type ConfigValue, type RemoteConfig } from './remote-config.ts';

// ---------- Product events: POST /analytics/events ----------

/** The events the SPA records; nothing else is accepted. */
export const analyticsEventNames = [
  'page_view',
  'sign_in',
  'sign_out',
  'registration_completed',
  'employee_created',
  'branch_created',
  'schedule_created',
  'check_recorded',
  'self_check_in',
  'self_check_out',
  'day_off_requested',
  'comment_created',
  'report_viewed',
  'report_exported',
  'payment_started',
  'push_enabled',
] as const;
export const AnalyticsEventNameSchema = z.enum(analyticsEventNames);
export type AnalyticsEventName = z.infer<typeof AnalyticsEventNameSchema>;

/** Russian names of the events for the super admin's «most used features». */
export const analyticsEventLabels: Record<AnalyticsEventName, string> = {
  page_view: 'Просмотр страницы',
  sign_in: 'Вход',
  sign_out: 'Выход',
  registration_completed: 'Регистрация',
  employee_created: 'Добавлен сотрудник',
  branch_created: 'Добавлен филиал',
  schedule_created: 'Создан график',
  check_recorded: 'Отметка вручную',
  self_check_in: 'Отметка прихода с телефона',
  self_check_out: 'Отметка ухода с телефона',
  day_off_requested: 'Запрос отсутствия',
  comment_created: 'Комментарий',
  report_viewed: 'Просмотр отчёта',
  report_exported: 'Выгрузка отчёта',
  payment_started: 'Начата оплата',
  push_enabled: 'Включены уведомления',
};

export const AnalyticsRouteSchema = z
  .string()
  .max(ANALYTICS_ROUTE_MAX_LENGTH)
  .regex(ANALYTICS_ROUTE_PATTERN, 'Маршрут — шаблон вида /company/employees/:id');

export const AnalyticsEventSchema = z.object({
  name: AnalyticsEventNameSchema,
  /** page_view: the route's pattern. */
  route: AnalyticsRouteSchema.optional(),
  /**
   * When it happened on the device (the server also records when it arrived). Any year: a device
   * clock may be far off, and the server clamps the time to the last 7 days rather than lose the
   * batch (decision 011).
   */
  occurredAt: z.iso.datetime({ offset: true }),
  props: z
    .record(z.string().max(40), z.union([z.string().max(100), z.number(), z.boolean()]))
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/**
 * A batch from one device. User, company and role come from the access token (the header, or
 * `token` in the body when the batch leaves through `navigator.sendBeacon`, which cannot set
 * headers); the token is checked and dropped, never stored. Without a valid token the events
 * are anonymous (device only).
 */
export const AnalyticsBatchSchema = z.object({
  /** A random UUID kept in the browser's storage: no person behind it. */
  deviceId: z.uuid(),
  appVersion: z.string().trim().min(1).max(50),
  events: z.array(AnalyticsEventSchema).min(1).max(MAX_ANALYTICS_BATCH),
  token: z.string().max(4096).optional(),
});
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;

export const AnalyticsBatchResultSchema = z.object({
  /** Events stored; 0 when the user switched analytics off. */
  accepted: z.number().int(),
});

// ---------- Remote configuration: GET /config ----------

export const ConfigValueTypeSchema = z.enum(['boolean', 'number', 'string']);
export type ConfigValueType = z.infer<typeof ConfigValueTypeSchema>;
export const ConfigValueSchema = z.union([
  z.boolean(),
  z.number(),
  z.string().max(MAX_CONFIG_TEXT_LENGTH),
]) satisfies z.ZodType<ConfigValue>;

export const ConfigKeySchema = z
  .string({ error: 'Укажите ключ' })
  .regex(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*$/, 'Ключ латиницей, например features.comments')
  .max(100);

/** The answer of GET /config (the SPA checks it with `readRemoteConfig`, without zod). */
export const RemoteConfigSchema = z.object({
  values: z.record(z.string(), ConfigValueSchema),
  ttlSeconds: z.number().int(),
}) satisfies z.ZodType<RemoteConfig>;

export const ConfigEntrySchema = z.object({
  key: z.string(),
  type: ConfigValueTypeSchema,
  value: ConfigValueSchema,
  description: z.string(),
  /** A company may have its own value (set by the super admin per company). */
  companyOverridable: z.boolean(),
  overrides: z.array(
    z.object({ companyId: z.number().int(), companyTitle: z.string(), value: ConfigValueSchema }),
  ),
  updatedAt: z.string(),
});
export type ConfigEntry = z.infer<typeof ConfigEntrySchema>;
export const ConfigEntryListSchema = z.object({ items: z.array(ConfigEntrySchema) });

export const ConfigKeyParamsSchema = z.object({ key: ConfigKeySchema });

export const CreateConfigEntryInputSchema = z
  .object({
    key: ConfigKeySchema,
    type: ConfigValueTypeSchema,
    value: ConfigValueSchema,
    description: z.string().trim().max(500, 'Не длиннее 500 символов').default(''),
    companyOverridable: z.boolean().default(false),
  })
  .strict();
export type CreateConfigEntryInput = z.input<typeof CreateConfigEntryInputSchema>;

/** The value must have the entry's type (422 on `value` otherwise). */
export const UpdateConfigEntryInputSchema = z
  .object({
    value: ConfigValueSchema,
    description: z.string().trim().max(500, 'Не длиннее 500 символов').optional(),
    companyOverridable: z.boolean().optional(),
  })
  .strict();
export type UpdateConfigEntryInput = z.input<typeof UpdateConfigEntryInputSchema>;

export const ConfigOverrideParamsSchema = z.object({ key: ConfigKeySchema, companyId: IdSchema });
export const SetConfigOverrideInputSchema = z.object({ value: ConfigValueSchema }).strict();

// ---------- Super admin's product analytics: GET /admin/analytics ----------

// The service checks the range (from ≤ to, at most a year) with its own messages.
export const AdminAnalyticsQuerySchema = z.object({
  from: DateStringSchema,
  to: DateStringSchema,
  companyId: IdSchema.optional(),
});
export type AdminAnalyticsQuery = z.input<typeof AdminAnalyticsQuerySchema>;

export const AdminAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Distinct signed-in users per day (UTC dates). */
  dailyActiveUsers: z.array(z.object({ date: z.string(), users: z.number().int() })),
  /** Distinct users per week starting Monday. */
  weeklyActiveUsers: z.array(z.object({ weekStart: z.string(), users: z.number().int() })),
  /** Companies with at least one signed-in event in the period. */
  activeCompanies: z.number().int(),
  /** Events other than page views, most used first. */
  topFeatures: z.array(z.object({ name: AnalyticsEventNameSchema, events: z.number().int() })),
  /** Most viewed route patterns. */
  topPages: z.array(z.object({ route: z.string(), views: z.number().int() })),
  /** Companies registered in the period and how far they got. */
  funnel: z.object({
    registered: z.number().int(),
    withEmployee: z.number().int(),
    withCheck: z.number().int(),
  }),
});
export type AdminAnalytics = z.infer<typeof AdminAnalyticsSchema>;

// ---------- A user's choice: GET/PUT /profile/analytics ----------

/** Whether the user's product events are recorded (on by default; the privacy page explains). */
export const AnalyticsPreferenceSchema = z.object({ enabled: z.boolean() }).strict();
export type AnalyticsPreference = z.infer<typeof AnalyticsPreferenceSchema>;
