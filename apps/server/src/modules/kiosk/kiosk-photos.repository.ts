import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { employeeScopeCondition, type EmployeeScope } from '../../db/employee-scope.ts';
import { kioskPhotoExpiry } from '../../db/kiosk-photo-expiry.ts';
import { memberShortNameOf } from '../../db/member-name.ts';
import {
  checks,
  companies,
  employees,
  kioskPhotoConsents,
  kioskPhotos,
  kioskPunches,
  users,
} from '../../db/schema/index.ts';

const recorder = alias(employees, 'recorder');
const recorderUser = alias(users, 'recorder_user');
const withdrawer = alias(employees, 'withdrawer');
const withdrawerUser = alias(users, 'withdrawer_user');

export type ConsentRow = {
  id: number;
  method: 'APP' | 'PAPER';
  givenAt: Date;
  textVersion: number | null;
  documentDate: string | null;
  documentNumber: string | null;
  recordedByName: string | null;
  withdrawnAt: Date | null;
  withdrawnByName: string | null;
};

export function createKioskPhotosRepository(db: DbOrTx) {
  return {
    /** The company's photo setting and title (the consent's wording names the company). */
    async findSetting(companyId: number) {
      const [row] = await db
        .select({
          title: companies.title,
          enabled: companies.kioskPhoto,
          retentionDays: companies.kioskPhotoRetentionDays,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row;
    },

    /** An employee of the company (any status): a consent may be recorded or withdrawn for them. */
    async findEmployee(companyId: number, employeeId: number) {
      const [row] = await db
        .select({ id: employees.id, status: employees.status })
        .from(employees)
        .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
        .limit(1);
      return row;
    },

    /** The employee's consents, the one in force first, then the withdrawn ones newest first. */
    async listConsents(companyId: number, employeeId: number): Promise<ConsentRow[]> {
      return db
        .select({
          id: kioskPhotoConsents.id,
          method: kioskPhotoConsents.method,
          givenAt: kioskPhotoConsents.givenAt,
          textVersion: kioskPhotoConsents.textVersion,
          documentDate: kioskPhotoConsents.documentDate,
          documentNumber: kioskPhotoConsents.documentNumber,
          recordedByName: sql<
            string | null
          >`nullif(${memberShortNameOf(recorder, recorderUser)}, '')`,
          withdrawnAt: kioskPhotoConsents.withdrawnAt,
          withdrawnByName: sql<
            string | null
          >`nullif(${memberShortNameOf(withdrawer, withdrawerUser)}, '')`,
        })
        .from(kioskPhotoConsents)
        .leftJoin(recorder, eq(recorder.id, kioskPhotoConsents.recordedBy))
        .leftJoin(recorderUser, eq(recorderUser.id, recorder.userId))
        .leftJoin(withdrawer, eq(withdrawer.id, kioskPhotoConsents.withdrawnBy))
        .leftJoin(withdrawerUser, eq(withdrawerUser.id, withdrawer.userId))
        .where(
          and(
            eq(kioskPhotoConsents.companyId, companyId),
            eq(kioskPhotoConsents.employeeId, employeeId),
          ),
        )
        .orderBy(
          sql`${kioskPhotoConsents.withdrawnAt} is not null`,
          desc(kioskPhotoConsents.withdrawnAt),
          desc(kioskPhotoConsents.id),
        );
    },

    /** Records a consent; null when one is in force already (the partial unique index). */
    async insertConsent(values: typeof kioskPhotoConsents.$inferInsert) {
      const [row] = await db
        .insert(kioskPhotoConsents)
        .values(values)
        .onConflictDoNothing({
          target: kioskPhotoConsents.employeeId,
          where: sql`${kioskPhotoConsents.withdrawnAt} is null`,
        })
        .returning({ id: kioskPhotoConsents.id });
      return row ?? null;
    },

    /** Withdraws the consent in force; false when there is none. */
    async withdrawConsent(companyId: number, employeeId: number, by: number, at: Date) {
      const rows = await db
        .update(kioskPhotoConsents)
        .set({ withdrawnAt: at, withdrawnBy: by })
        .where(
          and(
            eq(kioskPhotoConsents.companyId, companyId),
            eq(kioskPhotoConsents.employeeId, employeeId),
            isNull(kioskPhotoConsents.withdrawnAt),
          ),
        )
        .returning({ id: kioskPhotoConsents.id });
      return rows.length > 0;
    },

    /**
     * Destroys the employee's photos and the upload tokens still open for them (a frame on its
     * way is refused): what a withdrawal does at once. Answers how many photos went.
     */
    async deleteEmployeePhotos(companyId: number, employeeId: number) {
      await db
        .update(kioskPunches)
        .set({ photoTokenHash: null, photoTokenExpiresAt: null })
        .where(
          and(
            eq(kioskPunches.companyId, companyId),
            eq(kioskPunches.employeeId, employeeId),
            isNotNull(kioskPunches.photoTokenHash),
          ),
        );
      const deleted = await db
        .delete(kioskPhotos)
        .where(and(eq(kioskPhotos.companyId, companyId), eq(kioskPhotos.employeeId, employeeId)))
        .returning({ id: kioskPhotos.id });
      return deleted.length;
    },

    async countEmployeePhotos(companyId: number, employeeId: number) {
      const [row] = await db
        .select({ value: count() })
        .from(kioskPhotos)
        .where(and(eq(kioskPhotos.companyId, companyId), eq(kioskPhotos.employeeId, employeeId)));
      return row?.value ?? 0;
    },

    /**
     * Whether a photo is wanted of this employee now: the company takes photos and the
     * employee's consent is in force. Answers the retention too (the photo's expiry).
     */
    async photoWanted(companyId: number, employeeId: number) {
      const [row] = await db
        .select({ retentionDays: companies.kioskPhotoRetentionDays })
        .from(companies)
        .innerJoin(
          kioskPhotoConsents,
          and(
            eq(kioskPhotoConsents.companyId, companies.id),
            eq(kioskPhotoConsents.employeeId, employeeId),
            isNull(kioskPhotoConsents.withdrawnAt),
          ),
        )
        .where(and(eq(companies.id, companyId), eq(companies.kioskPhoto, true)))
        .limit(1);
      return row ?? null;
    },

    /** Puts the one-time upload token on a punch just made. */
    async setPhotoToken(punchId: number, hash: string, expiresAt: Date) {
      await db
        .update(kioskPunches)
        .set({ photoTokenHash: hash, photoTokenExpiresAt: expiresAt })
        .where(eq(kioskPunches.id, punchId));
    },

    /**
     * Takes the upload token once: the punch of this device holding it, if not expired; the token
     * is cleared in the same statement, so a second upload with it finds nothing.
     */
    async consumePhotoToken(deviceId: number, hash: string, now: Date) {
      const [row] = await db
        .update(kioskPunches)
        .set({ photoTokenHash: null, photoTokenExpiresAt: null })
        .where(
          and(
            eq(kioskPunches.deviceId, deviceId),
            eq(kioskPunches.photoTokenHash, hash),
            gt(kioskPunches.photoTokenExpiresAt, now),
          ),
        )
        .returning({
          id: kioskPunches.id,
          companyId: kioskPunches.companyId,
          employeeId: kioskPunches.employeeId,
          checkId: kioskPunches.checkId,
          direction: kioskPunches.direction,
          at: kioskPunches.at,
        });
      return row;
    },

    async insertPhoto(values: typeof kioskPhotos.$inferInsert) {
      const [row] = await db
        .insert(kioskPhotos)
        .values(values)
        .onConflictDoNothing({ target: kioskPhotos.punchId })
        .returning({ id: kioskPhotos.id });
      return row ?? null;
    },

    /**
     * A check's photo of one direction, with its bytes, if the caller may see the check: the
     * company's, not deleted, the employee within the caller's scope (an EMPLOYEE's is
     * themself), and not past its expiry.
     */
    async findVisiblePhoto(
      companyId: number,
      checkId: number,
      direction: 'IN' | 'OUT',
      scope: EmployeeScope,
      now: Date,
    ) {
      const [row] = await db
        .select({
          contentType: kioskPhotos.contentType,
          bytes: kioskPhotos.bytes,
        })
        .from(kioskPhotos)
        .innerJoin(checks, eq(checks.id, kioskPhotos.checkId))
        .innerJoin(companies, eq(companies.id, kioskPhotos.companyId))
        .where(
          and(
            eq(kioskPhotos.companyId, companyId),
            eq(kioskPhotos.checkId, checkId),
            eq(kioskPhotos.direction, direction),
            eq(checks.companyId, companyId),
            isNull(checks.deletedAt),
            employeeScopeCondition(scope, kioskPhotos.employeeId),
            sql`${kioskPhotoExpiry} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Deletes every photo past its expiry — its own, or the company's shortened retention —
     * and the upload tokens that ended. Answers how many photos went.
     */
    async purgeExpired(now: Date) {
      const deleted = await db
        .delete(kioskPhotos)
        .where(
          or(
            lte(kioskPhotos.expiresAt, now),
            sql`exists (select 1 from ${companies} where ${companies.id} = ${kioskPhotos.companyId}
              and ${kioskPhotoExpiry} <= ${now.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: kioskPhotos.id });
      await db
        .update(kioskPunches)
        .set({ photoTokenHash: null, photoTokenExpiresAt: null })
        .where(
          and(isNotNull(kioskPunches.photoTokenHash), lte(kioskPunches.photoTokenExpiresAt, now)),
        );
      return deleted.length;
    },
  };
}
