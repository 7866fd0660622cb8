import { and, asc, count, eq, ilike, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { companies, employees, notificationTokens, users } from '../../db/schema/index.ts';
import { memberName } from '../../db/member-name.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';
import type { ListProfileUsersQuery } from '@smena/contract';

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type CompanySettingsPatch = Partial<
  Pick<
    CompanyRow,
    | 'hideContacts'
    | 'hideBranches'
    | 'hideDepartments'
    | 'notification'
    | 'startNotificationBeforeMinutes'
    | 'endNotificationBeforeMinutes'
    | 'disableCommentNotifications'
  >
>;

export function createProfileRepository(db: DbOrTx) {
  return {
    async findUser(userId: number): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return rows[0];
    },

    async findOtherUserWith(userId: number, field: 'email' | 'phone', value: string) {
      const column = field === 'email' ? users.email : users.phone;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(column, value), ne(users.id, userId), ne(users.status, 'DELETED')))
        .limit(1);
      return rows[0];
    },

    async updateUser(userId: number, values: Partial<UserRow>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      return row!;
    },

    async findEmployee(companyId: number, employeeId: number) {
      const rows = await db
        .select()
        .from(employees)
        .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
        .limit(1);
      return rows[0];
    },

    async findEmployeeByUser(companyId: number, userId: number) {
      const rows = await db
        .select()
        .from(employees)
        .where(and(eq(employees.companyId, companyId), eq(employees.userId, userId)))
        .limit(1);
      return rows[0];
    },

    async findCompany(companyId: number): Promise<CompanyRow | undefined> {
      const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
      return rows[0];
    },

    async updateCompanySettings(
      companyId: number,
      patch: CompanySettingsPatch,
    ): Promise<CompanyRow> {
      const [row] = await db
        .update(companies)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(companies.id, companyId))
        .returning();
      return row!;
    },

    async updateCompany(
      companyId: number,
      patch: Partial<
        Pick<
          CompanyRow,
          | 'title'
          | 'email'
          | 'phone'
          | 'countryCode'
          | 'timezone'
          | 'lateToleranceMinutes'
          | 'autoCloseMarginMinutes'
          | 'crossMidnightHours'
          | 'holidayShiftCode'
          | 'overtimeApproval'
          | 'planRuleEnforcement'
          | 'openShiftClaims'
          | 'schedulePublication'
          | 'kioskPhoto'
          | 'kioskPhotoRetentionDays'
        >
      >,
    ): Promise<CompanyRow> {
      const [row] = await db
        .update(companies)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(companies.id, companyId))
        .returning();
      return row!;
    },

    async countActiveAdmins(companyId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.role, 'ADMIN'),
            eq(employees.status, 'ACTIVE'),
          ),
        );
      return row?.value ?? 0;
    },

    /** Companies where this user is the only active admin. */
    async findCompaniesWhereSoleAdmin(userId: number): Promise<number[]> {
      const other = alias(employees, 'other_admin');
      const rows = await db
        .select({ companyId: employees.companyId })
        .from(employees)
        .where(
          and(
            eq(employees.userId, userId),
            eq(employees.role, 'ADMIN'),
            eq(employees.status, 'ACTIVE'),
            notExists(
              db
                .select({ one: sql`1` })
                .from(other)
                .where(
                  and(
                    eq(other.companyId, employees.companyId),
                    eq(other.role, 'ADMIN'),
                    eq(other.status, 'ACTIVE'),
                    ne(other.userId, userId),
                  ),
                ),
            ),
          ),
        );
      return rows.map((row) => row.companyId);
    },

    async deactivateEmployee(companyId: number, employeeId: number) {
      await db
        .update(employees)
        .set({ status: 'DEACTIVATED', updatedAt: sql`now()` })
        .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
    },

    async deactivateUser(userId: number) {
      await db
        .update(users)
        .set({ status: 'DELETED', updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await db
        .update(employees)
        .set({ status: 'DEACTIVATED', updatedAt: sql`now()` })
        .where(and(eq(employees.userId, userId), eq(employees.status, 'ACTIVE')));
    },

    async findCompanyUsers(companyId: number, query: ListProfileUsersQuery) {
      const conditions: (SQL | undefined)[] = [
        eq(employees.companyId, companyId),
        eq(employees.status, 'ACTIVE'),
        query.role ? eq(employees.role, query.role) : undefined,
      ];
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(
          or(
            ilike(memberName.lastName, pattern),
            ilike(memberName.firstName, pattern),
            ilike(memberName.middleName, pattern),
            ilike(users.email, pattern),
            ilike(users.phone, pattern),
          ),
        );
      }
      const where = and(...conditions);
      const [items, totals] = await Promise.all([
        db
          .select({
            id: users.id,
            employeeId: employees.id,
            firstName: memberName.firstName,
            lastName: memberName.lastName,
            middleName: memberName.middleName,
            email: users.email,
            phone: users.phone,
            avatar: users.avatar,
            role: employees.role,
            status: employees.status,
          })
          .from(employees)
          .innerJoin(users, eq(users.id, employees.userId))
          .where(where)
          .orderBy(asc(memberName.lastName), asc(memberName.firstName), asc(employees.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db
          .select({ value: count() })
          .from(employees)
          .innerJoin(users, eq(users.id, employees.userId))
          .where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    /** One row per browser subscription (endpoint); one moving to another user is re-assigned. */
    async upsertNotificationToken(values: {
      userId: number;
      companyId: number | null;
      key: string;
      token: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string | null;
    }) {
      const { endpoint: _endpoint, ...changed } = values;
      await db
        .insert(notificationTokens)
        .values(values)
        .onConflictDoUpdate({
          target: notificationTokens.endpoint,
          set: { ...changed, updatedAt: sql`now()` },
        });
    },

    /** Deletes the user's own subscription with this endpoint or token; answers how many. */
    async deleteNotificationToken(
      userId: number,
      match: { endpoint: string | null; token: string },
    ) {
      const rows = await db
        .delete(notificationTokens)
        .where(
          and(
            eq(notificationTokens.userId, userId),
            match.endpoint
              ? or(
                  eq(notificationTokens.endpoint, match.endpoint),
                  eq(notificationTokens.token, match.token),
                )
              : eq(notificationTokens.token, match.token),
          ),
        )
        .returning({ id: notificationTokens.id });
      return rows.length;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
