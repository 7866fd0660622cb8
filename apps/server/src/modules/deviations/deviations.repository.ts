import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type EmployeeScope, employeeScopeCondition } from '../../db/employee-scope.ts';
import { memberFullName, memberShortNameOf } from '../../db/member-name.ts';
import {
  checkHistory,
  checkRefusals,
  checks,
  deviationActions,
  employees,
  users,
} from '../../db/schema/index.ts';
import { inIds } from '../../lib/pagination.ts';

const actor = alias(employees, 'actor');
const actorUser = alias(users, 'actor_user');
const actorName = sql<
  string | null
>`coalesce(nullif(${memberShortNameOf(actor, actorUser)}, ''), ${actorUser.email})`;

export type DeviationActionRow = typeof deviationActions.$inferInsert;

/**
 * What the inbox reads besides attendance — refused checks, corrections of checks, the actions
 * taken — and the actions it writes. Every query by company, for employees the caller already
 * resolved in their scope.
 */
export function createDeviationsRepository(db: DbOrTx) {
  return {
    /** Which of the ids are the company's employees in the scope, with name and employment. */
    async findEmployeesByIds(
      companyId: number,
      employeeIds: readonly number[],
      scope: EmployeeScope,
    ) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          id: employees.id,
          name: memberFullName,
          hireDate: employees.hireDate,
          dismissedAt: employees.dismissedAt,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          and(
            eq(employees.companyId, companyId),
            inIds(employees.id, employeeIds),
            employeeScopeCondition(scope),
          ),
        );
    },

    /** Refused checks (outside the zone, after the month's approval) in [fromMs, toMs). */
    async findRefusals(
      companyId: number,
      employeeIds: readonly number[],
      fromMs: number,
      toMs: number,
    ) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          employeeId: checkRefusals.employeeId,
          at: checkRefusals.at,
          reason: checkRefusals.reason,
          distance: checkRefusals.distance,
        })
        .from(checkRefusals)
        .where(
          and(
            eq(checkRefusals.companyId, companyId),
            inIds(checkRefusals.employeeId, employeeIds),
            gte(checkRefusals.at, new Date(fromMs)),
            lt(checkRefusals.at, new Date(toMs)),
          ),
        );
    },

    /**
     * Manual corrections of checks with a check-in in [fromMs, toMs): edits and deletions, and
     * checks a manager added by hand, one row per change (the checks' own history).
     */
    async findCorrections(
      companyId: number,
      employeeIds: readonly number[],
      fromMs: number,
      toMs: number,
    ) {
      if (employeeIds.length === 0) return [];
      return db
        .select({ employeeId: checks.employeeId, checkIn: checks.checkIn })
        .from(checkHistory)
        .innerJoin(checks, eq(checks.id, checkHistory.checkId))
        .where(
          and(
            eq(checkHistory.companyId, companyId),
            eq(checks.companyId, companyId),
            inIds(checks.employeeId, employeeIds),
            gte(checks.checkIn, new Date(fromMs)),
            lt(checks.checkIn, new Date(toMs)),
            or(
              inArray(checkHistory.action, ['UPDATE', 'DELETE']),
              and(eq(checkHistory.action, 'CREATE'), eq(checks.source, 'MANUAL')),
            ),
          ),
        );
    },

    /** The actions on the employees' deviations of dates `from`–`to`, oldest first. */
    async findActions(companyId: number, employeeIds: readonly number[], from: string, to: string) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          employeeId: deviationActions.employeeId,
          date: deviationActions.date,
          type: deviationActions.type,
          action: deviationActions.action,
          code: deviationActions.code,
          comment: deviationActions.comment,
          actedByName: actorName,
          createdAt: deviationActions.createdAt,
        })
        .from(deviationActions)
        .leftJoin(actor, eq(actor.id, deviationActions.actedBy))
        .leftJoin(actorUser, eq(actorUser.id, actor.userId))
        .where(
          and(
            eq(deviationActions.companyId, companyId),
            inIds(deviationActions.employeeId, employeeIds),
            gte(deviationActions.date, from),
            lte(deviationActions.date, to),
          ),
        )
        .orderBy(asc(deviationActions.createdAt), asc(deviationActions.id));
    },

    async insertActions(rows: readonly DeviationActionRow[]) {
      if (rows.length === 0) return;
      await db.insert(deviationActions).values([...rows]);
    },
  };
}

export type DeviationsRepository = ReturnType<typeof createDeviationsRepository>;
