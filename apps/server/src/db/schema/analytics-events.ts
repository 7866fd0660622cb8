import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Product events from the SPA, append-only and kept ANALYTICS_RETENTION_DAYS. No foreign keys:
 * rows are written in bulk by a public route and only ever read in aggregate, and a person's id
 * here names nobody without the users table. Never names, emails, phones, coordinates or tokens:
 * `props` holds only the keys of ANALYTICS_PROP_KEYS.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The device's time, clamped to [received − 7 days, received + 5 minutes]. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    /** A route pattern (`/company/employees/:id`), never a URL with ids. */
    route: text('route'),
    props: jsonb('props').notNull().default({}),
    /** A random id kept in the browser: no person behind it. */
    deviceId: uuid('device_id').notNull(),
    userId: integer('user_id'),
    companyId: integer('company_id'),
    role: text('role'),
    appVersion: text('app_version').notNull(),
  },
  (table) => [
    index('analytics_events_received_idx').on(table.receivedAt),
    index('analytics_events_company_received_idx').on(table.companyId, table.receivedAt),
    index('analytics_events_user_received_idx').on(table.userId, table.receivedAt),
  ],
);
