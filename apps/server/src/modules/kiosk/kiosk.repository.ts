import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberNameOf, memberShortNameOf } from '../../db/member-name.ts';
import {
  branches,
  companies,
  employeeBranches,
  employeePins,
  employees,
  kioskDevices,
  kioskPairingCodes,
  kioskPunches,
  users,
} from '../../db/schema/index.ts';
import { alias } from 'drizzle-orm/pg-core';

const creator = alias(employees, 'creator');
const creatorUser = alias(users, 'creator_user');

export type KioskPunchRow = typeof kioskPunches.$inferSelect;

export type KioskDeviceIdentity = {
  id: number;
  companyId: number;
  companyName: string;
  companyBlocked: boolean;
  companyPaidUntil: Date | null;
  branchId: number;
  branchTitle: string;
  timezone: string;
  title: string;
  qrSecret: string;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
  /** The company takes photos at PIN punches (decision 034). */
  photoAtPin: boolean;
};

const identityFields = {
  id: kioskDevices.id,
  companyId: kioskDevices.companyId,
  companyName: companies.title,
  companyBlocked: sql<boolean>`${companies.status} = 'BLOCKED'`,
  companyPaidUntil: companies.paidUntil,
  branchId: kioskDevices.branchId,
  branchTitle: branches.title,
  timezone: branches.timezone,
  title: kioskDevices.title,
  qrSecret: kioskDevices.qrSecret,
  lastSeenAt: kioskDevices.lastSeenAt,
  revokedAt: kioskDevices.revokedAt,
  photoAtPin: companies.kioskPhoto,
};

export function createKioskRepository(db: DbOrTx) {
  function selectIdentity() {
    return db
      .select(identityFields)
      .from(kioskDevices)
      .innerJoin(branches, eq(branches.id, kioskDevices.branchId))
      .innerJoin(companies, eq(companies.id, kioskDevices.companyId));
  }

  return {
    async findBranch(companyId: number, branchId: number) {
      const [row] = await db
        .select({ id: branches.id, title: branches.title, active: branches.active })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .limit(1);
      return row;
    },

    /** Codes that ended a day ago go: their rows only held a lookup taken from the pool. */
    async purgeOldCodes(before: Date) {
      await db.delete(kioskPairingCodes).where(lt(kioskPairingCodes.expiresAt, before));
    },

    async insertCode(values: typeof kioskPairingCodes.$inferInsert) {
      const [row] = await db
        .insert(kioskPairingCodes)
        .values(values)
        .onConflictDoNothing({ target: kioskPairingCodes.lookup })
        .returning({ id: kioskPairingCodes.id });
      return row;
    },

    async findCodeByLookup(lookup: string) {
      const [row] = await db
        .select()
        .from(kioskPairingCodes)
        .where(eq(kioskPairingCodes.lookup, lookup))
        .limit(1);
      return row;
    },

    /** Counts a wrong guess of a code; answers the attempts so far. */
    async countWrongGuess(codeId: number) {
      await db
        .update(kioskPairingCodes)
        .set({ attempts: sql`${kioskPairingCodes.attempts} + 1` })
        .where(eq(kioskPairingCodes.id, codeId));
    },

    /** Takes the code once: only one of two concurrent pairings gets it. */
    async consumeCode(codeId: number, now: Date, maxAttempts: number) {
      const [row] = await db
        .update(kioskPairingCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(kioskPairingCodes.id, codeId),
            isNull(kioskPairingCodes.usedAt),
            gt(kioskPairingCodes.expiresAt, now),
            lt(kioskPairingCodes.attempts, maxAttempts),
          ),
        )
        .returning();
      return row;
    },

    async insertDevice(values: typeof kioskDevices.$inferInsert) {
      const [row] = await db.insert(kioskDevices).values(values).returning();
      return row!;
    },

    async linkCodeToDevice(codeId: number, deviceId: number) {
      await db.update(kioskPairingCodes).set({ deviceId }).where(eq(kioskPairingCodes.id, codeId));
    },

    async findIdentityByCredential(hash: string): Promise<KioskDeviceIdentity | undefined> {
      const [row] = await selectIdentity().where(eq(kioskDevices.credentialHash, hash)).limit(1);
      return row;
    },

    async findIdentity(deviceId: number): Promise<KioskDeviceIdentity | undefined> {
      const [row] = await selectIdentity().where(eq(kioskDevices.id, deviceId)).limit(1);
      return row;
    },

    /** last_seen_at, written at most once a minute. */
    async touchLastSeen(deviceId: number, now: Date) {
      await db
        .update(kioskDevices)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(kioskDevices.id, deviceId),
            or(
              isNull(kioskDevices.lastSeenAt),
              lt(kioskDevices.lastSeenAt, new Date(now.getTime() - 60_000)),
            ),
          ),
        );
    },

    async listDevices(companyId: number) {
      return db
        .select({
          id: kioskDevices.id,
          title: kioskDevices.title,
          branchId: kioskDevices.branchId,
          branchTitle: branches.title,
          pairedAt: kioskDevices.pairedAt,
          lastSeenAt: kioskDevices.lastSeenAt,
          revokedAt: kioskDevices.revokedAt,
          createdByName: memberShortNameOf(creator, creatorUser),
        })
        .from(kioskDevices)
        .innerJoin(branches, eq(branches.id, kioskDevices.branchId))
        .leftJoin(creator, eq(creator.id, kioskDevices.createdBy))
        .leftJoin(creatorUser, eq(creatorUser.id, creator.userId))
        .where(eq(kioskDevices.companyId, companyId))
        .orderBy(desc(kioskDevices.pairedAt), desc(kioskDevices.id));
    },

    async renameDevice(companyId: number, deviceId: number, title: string) {
      const rows = await db
        .update(kioskDevices)
        .set({ title })
        .where(and(eq(kioskDevices.companyId, companyId), eq(kioskDevices.id, deviceId)))
        .returning({ id: kioskDevices.id });
      return rows.length > 0;
    },

    /** Revokes once; a device already revoked keeps its first revocation. */
    async revokeDevice(companyId: number, deviceId: number, by: number, now: Date) {
      await db
        .update(kioskDevices)
        .set({ revokedAt: now, revokedBy: by })
        .where(
          and(
            eq(kioskDevices.companyId, companyId),
            eq(kioskDevices.id, deviceId),
            isNull(kioskDevices.revokedAt),
          ),
        );
      const [row] = await db
        .select({ id: kioskDevices.id })
        .from(kioskDevices)
        .where(and(eq(kioskDevices.companyId, companyId), eq(kioskDevices.id, deviceId)));
      return row !== undefined;
    },

    /**
     * The company's active employees with this personnel number and a PIN (a number should be
     * unique; at most a few are tried if it is not), with the name parts for «Иванов И.».
     */
    async findPinHolders(companyId: number, personnelNumber: string) {
      const name = memberNameOf(employees, users);
      return db
        .select({
          employeeId: employees.id,
          pinHash: employeePins.pinHash,
          firstName: name.firstName,
          lastName: name.lastName,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .innerJoin(employeePins, eq(employeePins.employeeId, employees.id))
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.personnelNumber, personnelNumber),
            eq(employees.status, 'ACTIVE'),
          ),
        )
        .limit(3);
    },

    /** An employee's name parts and status, for a QR punch. */
    async findEmployee(companyId: number, employeeId: number) {
      const name = memberNameOf(employees, users);
      const [row] = await db
        .select({
          employeeId: employees.id,
          status: employees.status,
          firstName: name.firstName,
          lastName: name.lastName,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
        .limit(1);
      return row;
    },

    /** Whether the employee may work at the branch: it is theirs, or they have no branches at all. */
    async mayWorkAt(companyId: number, employeeId: number, branchId: number) {
      const rows = await db
        .select({ branchId: employeeBranches.branchId })
        .from(employeeBranches)
        .where(
          and(
            eq(employeeBranches.companyId, companyId),
            eq(employeeBranches.employeeId, employeeId),
          ),
        );
      return rows.length === 0 || rows.some((row) => row.branchId === branchId);
    },

    async findPin(companyId: number, employeeId: number) {
      const [row] = await db
        .select({ setAt: employeePins.setAt, personnelNumber: employees.personnelNumber })
        .from(employees)
        .leftJoin(employeePins, eq(employeePins.employeeId, employees.id))
        .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
        .limit(1);
      return row;
    },

    async upsertPin(companyId: number, employeeId: number, pinHash: string, now: Date) {
      await db
        .insert(employeePins)
        .values({ employeeId, companyId, pinHash, setAt: now })
        .onConflictDoUpdate({ target: employeePins.employeeId, set: { pinHash, setAt: now } });
    },

    /** The employee's kiosk punch this request repeats: the same key, or the same QR window. */
    async findRepeat(
      employeeId: number,
      match: { idempotencyKey?: string | undefined; deviceId?: number; qrWindow?: number },
    ) {
      const conditions = [];
      if (match.idempotencyKey !== undefined) {
        conditions.push(eq(kioskPunches.idempotencyKey, match.idempotencyKey));
      }
      if (match.deviceId !== undefined && match.qrWindow !== undefined) {
        conditions.push(
          and(eq(kioskPunches.deviceId, match.deviceId), eq(kioskPunches.qrWindow, match.qrWindow)),
        );
      }
      if (conditions.length === 0) return undefined;
      const [row] = await db
        .select()
        .from(kioskPunches)
        .where(and(eq(kioskPunches.employeeId, employeeId), or(...conditions)))
        .limit(1);
      return row;
    },

    /**
     * The employee's last kiosk punch after `from` (and before `to`, for a queued punch placed in
     * the past): a second punch right after the first.
     */
    async findPunchBetween(employeeId: number, from: Date, to: Date | null) {
      const [row] = await db
        .select()
        .from(kioskPunches)
        .where(
          and(
            eq(kioskPunches.employeeId, employeeId),
            gt(kioskPunches.at, from),
            to ? lt(kioskPunches.at, to) : undefined,
          ),
        )
        .orderBy(desc(kioskPunches.at))
        .limit(1);
      return row;
    },

    /** The device's punches made by these idempotency keys, with the names for the answer. */
    async findDevicePunchesByKeys(deviceId: number, keys: string[]) {
      if (keys.length === 0) return [];
      const name = memberNameOf(employees, users);
      return db
        .select({ punch: kioskPunches, firstName: name.firstName, lastName: name.lastName })
        .from(kioskPunches)
        .innerJoin(employees, eq(employees.id, kioskPunches.employeeId))
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          and(eq(kioskPunches.deviceId, deviceId), inArray(kioskPunches.idempotencyKey, keys)),
        );
    },

    async insertPunch(values: typeof kioskPunches.$inferInsert) {
      const [row] = await db.insert(kioskPunches).values(values).returning();
      return row!;
    },
  };
}

export type KioskRepository = ReturnType<typeof createKioskRepository>;
