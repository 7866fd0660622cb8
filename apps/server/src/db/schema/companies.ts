import { sql } from 'drizzle-orm';
import {
  KIOSK_PHOTO_RETENTION_DEFAULT_DAYS,
  KIOSK_PHOTO_RETENTION_MAX_DAYS,
  KIOSK_PHOTO_RETENTION_MIN_DAYS,
} from '@smena/contract';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    countryCode: text('country_code'),
    timezone: text('timezone').notNull().default('Europe/Moscow'),
    status: text('status', { enum: ['ACTIVE', 'BLOCKED'] })
      .notNull()
      .default('ACTIVE'),
    userLimit: integer('user_limit').notNull(),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    isTrial: boolean('is_trial').notNull().default(true),
    hideContacts: boolean('hide_contacts').notNull().default(false),
    hideBranches: boolean('hide_branches').notNull().default(false),
    hideDepartments: boolean('hide_departments').notNull().default(false),
    notification: boolean('notification').notNull().default(true),
    startNotificationBeforeMinutes: integer('start_notification_before_minutes')
      .notNull()
      .default(15),
    endNotificationBeforeMinutes: integer('end_notification_before_minutes').notNull().default(15),
    disableCommentNotifications: boolean('disable_comment_notifications').notNull().default(false),
    lateToleranceMinutes: integer('late_tolerance_minutes').notNull().default(5),
    /** A forgotten check-out is closed at the shift's end once this many minutes have passed. */
    autoCloseMarginMinutes: integer('auto_close_margin_minutes').notNull().default(60),
    /** Where the hours of a shift crossing midnight are recorded (docs/timesheet-rules.md). */
    crossMidnightHours: text('cross_midnight_hours', { enum: ['SPLIT_BY_DATE', 'SHIFT_START'] })
      .notNull()
      .default('SPLIT_BY_DATE'),
    /** The T-13 code of a shift planned on a non-working holiday: РВ or Я. */
    holidayShiftCode: text('holiday_shift_code', { enum: ['РВ', 'Я'] })
      .notNull()
      .default('РВ'),
    /** «Сверхурочные»: counted as С at once, or only once approved (art. 99; decision 024). */
    overtimeApproval: text('overtime_approval', { enum: ['AUTO', 'APPROVED_ONLY'] })
      .notNull()
      .default('AUTO'),
    /** «Проверки ТК РФ при планировании»: warn about a new violation, or refuse the change (decision 026). */
    planRuleEnforcement: text('plan_rule_enforcement', { enum: ['WARN', 'BLOCK'] })
      .notNull()
      .default('WARN'),
    /** «Заявки на открытые смены»: applied at once, or once a manager approved (decision 029). */
    openShiftClaims: text('open_shift_claims', { enum: ['AUTO', 'APPROVED_ONLY'] })
      .notNull()
      .default('APPROVED_ONLY'),
    /**
     * «Публикация графика» (decision 028): employees see only the published schedule of a month;
     * off, they see the live plan as before.
     */
    schedulePublication: boolean('schedule_publication').notNull().default(false),
    /** «Фото при отметке по PIN» at kiosks, of those who consented (decision 034). */
    kioskPhoto: boolean('kiosk_photo').notNull().default(false),
    /** Days a kiosk photo is kept (1–90). */
    kioskPhotoRetentionDays: integer('kiosk_photo_retention_days')
      .notNull()
      .default(KIOSK_PHOTO_RETENTION_DEFAULT_DAYS),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('companies_status_idx').on(table.status),
    check(
      'companies_kiosk_photo_retention_range',
      sql`${table.kioskPhotoRetentionDays} between ${sql.raw(String(KIOSK_PHOTO_RETENTION_MIN_DAYS))} and ${sql.raw(String(KIOSK_PHOTO_RETENTION_MAX_DAYS))}`,
    ),
  ],
);
