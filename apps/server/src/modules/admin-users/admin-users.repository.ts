import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListAdminUsersQuery } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, employees, sessions, users } from '../../db/schema/index.ts';
import { inIds, likePattern, offsetOf } from '../../lib/pagination.ts';

const userFields = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  middleName: users.middleName,
  email: users.email,
  phone: users.phone,
  countryCode: users.countryCode,
  isSuperAdmin: users.isSuperAdmin,
  status: users.status,
  createdAt: users.createdAt,
};

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  const digits = search.replace(/\D/g, '');
  return or(
    sql`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.middleName}) ilike ${pattern}`,
    sql`concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${pattern}`,
    ilike(users.email, pattern),
    ilike(users.phone, pattern),
    // Phones are stored as +79991234567; «+7 (999) 123» finds them by digits.
    digits.length >= 3 ? ilike(users.phone, likePattern(digits)) : undefined,
  );
}

/** Deleted accounts are gone for everybody, the super admin included. */
const notDeleted = ne(users.status, 'DELETED');

export function createAdminUsersRepository(db: DbOrTx) {
  return {
    async findUsers(query: ListAdminUsersQuery) {
      const where = and(
        notDeleted,
        query.status ? eq(users.status, query.status) : undefined,
        searchCondition(query.search),
      );
      const direction = query.order === 'desc' ? desc : asc;
      const order = {
        name: [
          direction(sql`lower(${users.lastName})`),
          direction(sql`lower(${users.firstName})`),
          direction(sql`lower(${users.email})`),
        ],
        email: [direction(sql`lower(${users.email})`)],
        createdAt: [direction(users.createdAt)],
      }[query.sort];
      const [items, totals] = await Promise.all([
        db
          .select(userFields)
          .from(users)
          .where(where)
          .orderBy(...order, direction(users.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findUser(userId: number) {
      const rows = await db
        .select(userFields)
        .from(users)
        .where(and(eq(users.id, userId), notDeleted))
        .limit(1);
      return rows[0];
    },

    /** Memberships of a page of users with their companies: one query for the whole page. */
    async findMemberships(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          userId: employees.userId,
          companyId: companies.id,
          companyTitle: companies.title,
          companyStatus: companies.status,
          role: employees.role,
          status: employees.status,
        })
        .from(employees)
        .innerJoin(companies, eq(companies.id, employees.companyId))
        .where(inIds(employees.userId, userIds))
        .orderBy(asc(employees.userId), asc(employees.id));
    },

    async lockUser(userId: number) {
      const rows = await db
        .select({ id: users.id, status: users.status, email: users.email, phone: users.phone })
        .from(users)
        .where(and(eq(users.id, userId), notDeleted))
        .for('update');
      return rows[0];
    },

    /** Another live account holding this email or phone. */
    async findOtherUserWith(userId: number, field: 'email' | 'phone', value: string) {
      const column = field === 'email' ? users.email : users.phone;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(column, value), ne(users.id, userId), ne(users.status, 'DELETED')))
        .limit(1);
      return rows[0];
    },

    async updateIdentity(
      userId: number,
      values: Partial<
        Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'middleName' | 'email' | 'phone'>
      >,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async setStatus(userId: number, status: 'ACTIVE' | 'BLOCKED'): Promise<void> {
      await db
        .update(users)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /** Every live session of the user, and every company visit they make as a super admin. */
    async revokeSessions(userId: number, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(
          and(
            or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
            isNull(sessions.revokedAt),
          ),
        );
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
export type AdminUserRow = NonNullable<Awaited<ReturnType<AdminUsersRepository['findUser']>>>;
export type AdminMembershipRow = Awaited<
  ReturnType<AdminUsersRepository['findMemberships']>
>[number];
