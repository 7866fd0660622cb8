import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { checks } from './checks.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * A tablet or a PC at a branch's entrance (decision 031), paired by an ADMIN with a one-time
 * code. Its credential is kept as a SHA-256 only; its QR secret is kept as it is, since the
 * server recomputes the QR's signature with it. A revoked device is refused at once (every
 * request reads its row).
 */
export const kioskDevices = pgTable(
  'kiosk_devices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    credentialHash: text('credential_hash').notNull(),
    qrSecret: text('qr_secret').notNull(),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    pairedAt: timestamp('paired_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => employees.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('kiosk_devices_credential_unique').on(table.credentialHash),
    index('kiosk_devices_company_idx').on(table.companyId, table.pairedAt),
  ],
);

/**
 * A one-time pairing code: `lookup` (its first four letters, kept as they are) finds the row,
 * the SHA-256 of the whole code proves it; wrong guesses of a found code are counted and end it.
 */
export const kioskPairingCodes = pgTable(
  'kiosk_pairing_codes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    lookup: text('lookup').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    deviceId: integer('device_id').references(() => kioskDevices.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('kiosk_pairing_codes_lookup_unique').on(table.lookup),
    index('kiosk_pairing_codes_expires_idx').on(table.expiresAt),
  ],
);

export const KIOSK_PUNCH_METHODS = ['QR', 'PIN'] as const;

/**
 * Every punch made at a kiosk: how (QR or PIN), on which device, in or out, and the check it
 * opened or closed — what the offline queue, the photo at PIN punches and the anti-fraud filters
 * build on. A QR's window and the phone's Idempotency-Key make repeats answer the same punch.
 */
export const kioskPunches = pgTable(
  'kiosk_punches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => kioskDevices.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    checkId: integer('check_id')
      .notNull()
      .references(() => checks.id, { onDelete: 'cascade' }),
    method: text('method', { enum: KIOSK_PUNCH_METHODS }).notNull(),
    direction: text('direction', { enum: ['IN', 'OUT'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The QR's 30-second window (QR punches only). */
    qrWindow: integer('qr_window'),
    idempotencyKey: text('idempotency_key'),
    /** Offline punches (decision 032): the device's clock at the punch; `created_at` is when received. */
    deviceAt: timestamp('device_at', { withTimezone: true }),
    /** The device's monotonic counter of a queued punch. */
    deviceCounter: integer('device_counter'),
    /** The device's clock minus the server's at sending (ms), for a queued punch. */
    clockSkewMs: integer('clock_skew_ms'),
    /** The device's clock was more than 5 minutes off the server's: a signal for the manager. */
    clockSkewed: boolean('clock_skewed').notNull().default(false),
    /**
     * A live PIN punch that wants a photo (decision 034): the SHA-256 of its one-time upload
     * token and when it ends; cleared when the photo arrives or the consent is withdrawn.
     */
    photoTokenHash: text('photo_token_hash'),
    photoTokenExpiresAt: timestamp('photo_token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('kiosk_punches_qr_unique')
      .on(table.employeeId, table.deviceId, table.qrWindow)
      .where(sql`${table.qrWindow} is not null`),
    uniqueIndex('kiosk_punches_idempotency_unique')
      .on(table.employeeId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('kiosk_punches_employee_at_idx').on(table.employeeId, table.at),
    index('kiosk_punches_check_idx').on(table.checkId),
    index('kiosk_punches_device_at_idx').on(table.deviceId, table.at),
    index('kiosk_punches_device_key_idx')
      .on(table.deviceId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    uniqueIndex('kiosk_punches_photo_token_unique')
      .on(table.photoTokenHash)
      .where(sql`${table.photoTokenHash} is not null`),
  ],
);

/** An employee's kiosk PIN (argon2id, as passwords); attempts are limited in auth_limit_counters. */
export const employeePins = pgTable('employee_pins', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});

/** PostgreSQL's bytea: a Buffer in Node (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const KIOSK_PHOTO_CONSENT_METHODS = ['APP', 'PAPER'] as const;

/**
 * An employee's consent to a photo at kiosk PIN punches (decision 034; 152-ФЗ art. 11): given in
 * the app by the employee (with the wording agreed to) or entered by an ADMIN from a signed paper
 * (its date and number). At most one is in force per employee; a withdrawn one stays as a record
 * that the photos taken meanwhile had a basis.
 */
export const kioskPhotoConsents = pgTable(
  'kiosk_photo_consents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    method: text('method', { enum: KIOSK_PHOTO_CONSENT_METHODS }).notNull(),
    /** The app's wording: its version and the text as the employee read it. */
    textVersion: integer('text_version'),
    text: text('text'),
    /** A paper consent's document. */
    documentDate: date('document_date'),
    documentNumber: text('document_number'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    recordedBy: integer('recorded_by').references(() => employees.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: integer('withdrawn_by').references(() => employees.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('kiosk_photo_consents_active_unique')
      .on(table.employeeId)
      .where(sql`${table.withdrawnAt} is null`),
    index('kiosk_photo_consents_employee_idx').on(table.companyId, table.employeeId),
    check(
      'kiosk_photo_consents_method_fields',
      sql`(${table.method} = 'APP' and ${table.textVersion} is not null and ${table.text} is not null)
        or (${table.method} = 'PAPER' and ${table.documentDate} is not null and ${table.documentNumber} is not null)`,
    ),
  ],
);

/**
 * A photo taken at a kiosk PIN punch (decision 034), kept in the database — so that any number of
 * instances need nothing else — until `expires_at` (the company's retention at the time), or
 * until the employee's consent is withdrawn. Only shown to people; never matched automatically.
 */
export const kioskPhotos = pgTable(
  'kiosk_photos',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    checkId: integer('check_id')
      .notNull()
      .references(() => checks.id, { onDelete: 'cascade' }),
    punchId: bigint('punch_id', { mode: 'number' })
      .notNull()
      .references(() => kioskPunches.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['IN', 'OUT'] }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [
    uniqueIndex('kiosk_photos_punch_unique').on(table.punchId),
    index('kiosk_photos_check_idx').on(table.checkId),
    index('kiosk_photos_employee_idx').on(table.employeeId),
    index('kiosk_photos_expires_idx').on(table.expiresAt),
  ],
);
