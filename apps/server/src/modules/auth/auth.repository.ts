import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loadManagerUnitsScope, type EmployeeScope } from '../../db/employee-scope.ts';
import {
  companies,
  employees,
  otpCodes,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema/index.ts';

export type LiveSession = {
  sessionId: string;
  userId: number;
  companyId: number | null;
  impersonatorId: number | null;
  userStatus: 'ACTIVE' | 'BLOCKED' | 'DELETED';
  isSuperAdmin: boolean;
  employeeId: number | null;
  employeeRole: 'ADMIN' | 'MANAGER' | 'EMPLOYEE' | null;
  employeeStatus: 'ACTIVE' | 'DISMISSED' | 'DEACTIVATED' | null;
  /** Whom a MANAGER manages (decision 016); the units themselves are read only when limited. */
  employeeManagerScope: 'COMPANY' | 'UNITS' | null;
  companyStatus: 'ACTIVE' | 'BLOCKED' | null;
  companyPaidUntil: Date | null;
};

export function createAuthRepository(db: DbOrTx) {
  return {
    /**
     * One indexed lookup per authenticated request: the session by primary key, joined with the
     * user, the membership and the company, so that role changes and blocks apply at once.
     */
    async findLiveSession(sessionId: string): Promise<LiveSession | undefined> {
      const rows = await db
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          companyId: sessions.companyId,
          impersonatorId: sessions.impersonatorId,
          userStatus: users.status,
          isSuperAdmin: users.isSuperAdmin,
          employeeId: employees.id,
          employeeRole: employees.role,
          employeeStatus: employees.status,
          employeeManagerScope: employees.managerScope,
          companyStatus: companies.status,
          companyPaidUntil: companies.paidUntil,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(
          employees,
          and(eq(employees.companyId, sessions.companyId), eq(employees.userId, sessions.userId)),
        )
        .leftJoin(companies, eq(companies.id, sessions.companyId))
        .where(
          and(
            eq(sessions.id, sessionId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /** The branches and departments of a MANAGER limited to units (decision 016). */
    findManagerUnitsScope(companyId: number, managerId: number): Promise<EmployeeScope> {
      return loadManagerUnitsScope(db, companyId, managerId);
    },

    async findUserByEmail(email: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), ne(users.status, 'DELETED')))
        .limit(1);
      return rows[0];
    },

    /** Records a password login: from now on the account is the person's alone (decision 009). */
    async markLoggedIn(userId: number) {
      await db
        .update(users)
        .set({ lastLoginAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async findUserByPhone(phone: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.phone, phone), ne(users.status, 'DELETED')))
        .limit(1);
      return rows[0];
    },

    /** Active memberships of a user, oldest first, with their company's status. */
    async findMemberships(userId: number) {
      return db
        .select({
          employeeId: employees.id,
          companyId: employees.companyId,
          role: employees.role,
          companyStatus: companies.status,
        })
        .from(employees)
        .innerJoin(companies, eq(companies.id, employees.companyId))
        .where(and(eq(employees.userId, userId), eq(employees.status, 'ACTIVE')))
        .orderBy(asc(employees.id));
    },

    async findCompanyAdmin(companyId: number) {
      const rows = await db
        .select({ userId: employees.userId, employeeId: employees.id })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.role, 'ADMIN'),
            eq(employees.status, 'ACTIVE'),
            eq(users.status, 'ACTIVE'),
          ),
        )
        .orderBy(asc(employees.id))
        .limit(1);
      return rows[0];
    },

    async findCompany(companyId: number) {
      const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
      return rows[0];
    },

    async createSession(values: {
      userId: number;
      companyId: number | null;
      impersonatorId: number | null;
      userAgent: string | null;
      ip: string | null;
      expiresAt: Date;
    }) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!.id;
    },

    async insertRefreshToken(sessionId: string, tokenHash: string) {
      await db.insert(refreshTokens).values({ sessionId, tokenHash });
    },

    /**
     * Consumes a refresh token and stores its successor in one statement, so that a concurrent
     * caller who loses the race (it waits for the winner's row lock, then finds the token used)
     * can rely on the successor being there. Answers undefined when the token was not unused.
     */
    async rotateRefreshToken(tokenHash: string, successorHash: string) {
      const result = await db.execute(sql`
        with consumed as (
          update ${refreshTokens} set used_at = now()
           where token_hash = ${tokenHash} and used_at is null
          returning session_id)
        insert into ${refreshTokens} (token_hash, session_id)
        select ${successorHash}, session_id from consumed
        returning session_id`);
      const rows = (result as unknown as { rows: { session_id: string }[] }).rows;
      return rows[0] ? { sessionId: rows[0].session_id } : undefined;
    },

    /** A refresh token by its hash; `withinGrace`: used less than `graceSeconds` ago (database clock). */
    async findRefreshToken(tokenHash: string, graceSeconds = 0) {
      const rows = await db
        .select({
          sessionId: refreshTokens.sessionId,
          usedAt: refreshTokens.usedAt,
          withinGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${graceSeconds}), false)`,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return rows[0];
    },

    async touchSession(sessionId: string) {
      await db
        .update(sessions)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },

    async revokeSession(sessionId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeUserSessions(userId: number, reason: string, exceptSessionId?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
          ),
        );
    },

    async revokeMembershipSessions(userId: number, companyId: number, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            eq(sessions.companyId, companyId),
            isNull(sessions.revokedAt),
          ),
        );
    },

    /** The same for many people of one company at once (a bulk dismissal). */
    async revokeMembershipsSessions(userIds: number[], companyId: number, reason: string) {
      if (userIds.length === 0) return;
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(
          and(
            inArray(sessions.userId, userIds),
            eq(sessions.companyId, companyId),
            isNull(sessions.revokedAt),
          ),
        );
    },

    async setPassword(userId: number, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async findLatestOtp(phone: string) {
      const rows = await db
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.phone, phone),
            eq(otpCodes.purpose, 'RESTORE_ACCOUNT'),
            isNull(otpCodes.consumedAt),
          ),
        )
        .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
        .limit(1);
      return rows[0];
    },

    async insertOtp(values: { phone: string; codeHash: string; expiresAt: Date }) {
      await db.insert(otpCodes).values({ ...values, purpose: 'RESTORE_ACCOUNT' });
    },

    /** Counts one attempt atomically; answers undefined when the attempts are used up. */
    async countOtpAttempt(otpId: number, maxAttempts: number) {
      const rows = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, otpId), sql`${otpCodes.attempts} < ${maxAttempts}`))
        .returning({ attempts: otpCodes.attempts });
      return rows[0];
    },

    /** Codes expired a day ago or more: nobody can use them, and they name phones. */
    async purgeExpiredOtps() {
      await db.delete(otpCodes).where(lt(otpCodes.expiresAt, sql`now() - interval '1 day'`));
    },

    async consumeOtp(otpId: number) {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(otpCodes.id, otpId), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      return rows.length > 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
