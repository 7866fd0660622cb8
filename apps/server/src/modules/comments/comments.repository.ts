import { and, count, desc, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { checks, commentReads, comments } from '../../db/schema/checks.ts';
import { branches, employees, users } from '../../db/schema/index.ts';
import { memberShortNameOf } from '../../db/member-name.ts';
import { inIds } from '../../lib/pagination.ts';
import {
  COMPANY_SCOPE,
  employeeScopeCondition,
  type EmployeeScope,
} from '../../db/employee-scope.ts';

export type CommentsFilter = {
  from?: string | undefined;
  to?: string | undefined;
  employeeId?: number | undefined;
  unread?: boolean | undefined;
};

const subjectUser = alias(users, 'subject_user');
const author = alias(employees, 'author');
const authorUser = alias(users, 'author_user');

export function createCommentsRepository(db: DbOrTx) {
  /** Read by the viewer: a read mark, or their own comment. */
  function isReadBy(viewerId: number) {
    return sql<boolean>`(${comments.authorId} = ${viewerId} or exists (
      select 1 from ${commentReads}
      where ${commentReads.commentId} = ${comments.id} and ${commentReads.employeeId} = ${viewerId}
    ))`;
  }

  function fields(viewerId: number) {
    return {
      id: comments.id,
      employeeId: comments.employeeId,
      employeeName: memberShortNameOf(employees, subjectUser),
      date: comments.date,
      checkId: comments.checkId,
      authorId: comments.authorId,
      authorName: sql<
        string | null
      >`coalesce(nullif(${memberShortNameOf(author, authorUser)}, ''), ${authorUser.email})`,
      text: comments.text,
      read: isReadBy(viewerId),
      createdAt: comments.createdAt,
    };
  }

  function selectComments(viewerId: number) {
    return db
      .select(fields(viewerId))
      .from(comments)
      .innerJoin(employees, eq(employees.id, comments.employeeId))
      .innerJoin(subjectUser, eq(subjectUser.id, employees.userId))
      .leftJoin(author, eq(author.id, comments.authorId))
      .leftJoin(authorUser, eq(authorUser.id, author.userId));
  }

  return {
    async findComments(
      companyId: number,
      viewerId: number,
      filter: CommentsFilter,
      page: { limit: number; offset: number },
      scope: EmployeeScope = COMPANY_SCOPE,
    ) {
      const where: SQL | undefined = and(
        eq(comments.companyId, companyId),
        employeeScopeCondition(scope, comments.employeeId),
        filter.from ? gte(comments.date, filter.from) : undefined,
        filter.to ? lte(comments.date, filter.to) : undefined,
        filter.employeeId === undefined ? undefined : eq(comments.employeeId, filter.employeeId),
        filter.unread === undefined
          ? undefined
          : filter.unread
            ? sql`not ${isReadBy(viewerId)}`
            : isReadBy(viewerId),
      );
      const [items, totals] = await Promise.all([
        selectComments(viewerId)
          .where(where)
          .orderBy(desc(comments.createdAt), desc(comments.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(comments).where(where),
      ]);
      return { items, total: totals[0]?.value ?? 0 };
    },

    async findComment(companyId: number, viewerId: number, commentId: number) {
      const rows = await selectComments(viewerId)
        .where(and(eq(comments.companyId, companyId), eq(comments.id, commentId)))
        .limit(1);
      return rows[0];
    },

    /** A live check with the local date of its check-in (in its branch's zone). */
    async findCheck(companyId: number, checkId: number, scope: EmployeeScope = COMPANY_SCOPE) {
      const rows = await db
        .select({
          employeeId: checks.employeeId,
          checkIn: checks.checkIn,
          timezone: branches.timezone,
        })
        .from(checks)
        .innerJoin(branches, eq(branches.id, checks.branchId))
        .where(
          and(
            eq(checks.companyId, companyId),
            eq(checks.id, checkId),
            isNull(checks.deletedAt),
            employeeScopeCondition(scope, checks.employeeId),
          ),
        )
        .limit(1);
      return rows[0];
    },

    async employeeExists(
      companyId: number,
      employeeId: number,
      scope: EmployeeScope = COMPANY_SCOPE,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.companyId, companyId),
            eq(employees.id, employeeId),
            employeeScopeCondition(scope),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertComment(
      companyId: number,
      values: {
        employeeId: number;
        date: string;
        checkId: number | null;
        authorId: number;
        text: string;
      },
    ): Promise<number> {
      const [row] = await db
        .insert(comments)
        .values({ ...values, companyId })
        .returning({ id: comments.id });
      return row!.id;
    },

    /**
     * Marks the company's comments among `ids` read for the viewer (only the viewer's own when
     * `onlyEmployeeId` is set); ids of others are skipped. Answers how many were newly marked.
     */
    async markRead(
      companyId: number,
      viewerId: number,
      ids: number[],
      onlyEmployeeId: number | undefined,
      scope: EmployeeScope = COMPANY_SCOPE,
    ): Promise<number> {
      const visible = db
        .select({
          commentId: comments.id,
          employeeId: sql<number>`${viewerId}::int`.as('viewer'),
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(comments)
        .where(
          and(
            eq(comments.companyId, companyId),
            inIds(comments.id, ids),
            onlyEmployeeId === undefined ? undefined : eq(comments.employeeId, onlyEmployeeId),
            employeeScopeCondition(scope, comments.employeeId),
            or(isNull(comments.authorId), ne(comments.authorId, viewerId)),
          ),
        );
      const rows = await db
        .insert(commentReads)
        .select(visible)
        .onConflictDoNothing()
        .returning({ commentId: commentReads.commentId });
      return rows.length;
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
export type CommentRow = NonNullable<Awaited<ReturnType<CommentsRepository['findComment']>>>;
