import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberFullName } from '../../db/member-name.ts';
import {
  branches,
  companies,
  departments,
  employees,
  schedulePublicationDays,
  schedulePublications,
  users,
} from '../../db/schema/index.ts';
import { inIds } from '../../lib/pagination.ts';

/** «Фамилия Имя Отчество», else the account's email. */
const nameOf = sql<string>`coalesce(nullif(${memberFullName}, ''), ${users.email})`;

export type UnitKey = { kind: 'BRANCH' | 'DEPARTMENT'; id: number };
export type PublicationRow = typeof schedulePublications.$inferSelect;
export type PublicationDayRow = typeof schedulePublicationDays.$inferSelect;

function unitCondition(unit: UnitKey) {
  return unit.kind === 'BRANCH'
    ? eq(schedulePublications.branchId, unit.id)
    : eq(schedulePublications.departmentId, unit.id);
}

export function createSchedulePublicationsRepository(db: DbOrTx) {
  return {
    async findCompany(companyId: number) {
      const [row] = await db
        .select({ timezone: companies.timezone, enabled: companies.schedulePublication })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row;
    },

    async findUnitTitle(companyId: number, unit: UnitKey): Promise<string | undefined> {
      const table = unit.kind === 'BRANCH' ? branches : departments;
      const [row] = await db
        .select({ title: table.title })
        .from(table)
        .where(and(eq(table.companyId, companyId), eq(table.id, unit.id)));
      return row?.title;
    },

    /**
     * The unit's employees of the month `from`–`to`, by name: those working at the branch
     * (`employee_branches`), or belonging to the department or one of its sub-departments — the
     * units a month's approval (decision 022) and a manager's scope (decision 016) take. Not
     * deactivated, hired by the month's end and not dismissed before its start. One query.
     */
    async findUnitEmployees(companyId: number, unit: UnitKey, from: string, to: string) {
      const member =
        unit.kind === 'BRANCH'
          ? sql`exists (select 1 from employee_branches eb
              where eb.company_id = ${companyId} and eb.employee_id = ${employees.id}
                and eb.branch_id = ${unit.id})`
          : sql`${employees.departmentId} in (
              with recursive tree(id) as (
                select d.id from departments d where d.company_id = ${companyId} and d.id = ${unit.id}
                union
                select d.id from departments d join tree on d.parent_id = tree.id
                  where d.company_id = ${companyId}
              ) select id from tree)`;
      return db
        .select({
          id: employees.id,
          name: nameOf,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          and(
            eq(employees.companyId, companyId),
            sql`${employees.status} <> 'DEACTIVATED'`,
            sql`(${employees.hireDate} is null or ${employees.hireDate} <= ${to})`,
            sql`(${employees.dismissedAt} is null or ${employees.dismissedAt} >= ${from})`,
            member,
          ),
        )
        .orderBy(asc(nameOf), asc(employees.id));
    },

    /** The unit's versions of the month, newest first, with their counts. */
    async findPublications(companyId: number, month: string, unit: UnitKey) {
      return db
        .select({
          publication: schedulePublications,
          employees: sql<number>`(select count(*)::int from ${schedulePublicationDays} d
            where d.publication_id = ${schedulePublications.id})`,
          changedEmployees: sql<number>`(select count(*)::int from ${schedulePublicationDays} d
            where d.publication_id = ${schedulePublications.id}
              and cardinality(d.changed_dates) > 0)`,
          acknowledged: sql<number>`(select count(*)::int from ${schedulePublicationDays} d
            where d.publication_id = ${schedulePublications.id}
              and d.acknowledged_at is not null)`,
        })
        .from(schedulePublications)
        .where(
          and(
            eq(schedulePublications.companyId, companyId),
            eq(schedulePublications.month, month),
            unitCondition(unit),
          ),
        )
        .orderBy(desc(schedulePublications.version));
    },

    async findPublication(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(schedulePublications)
        .where(and(eq(schedulePublications.companyId, companyId), eq(schedulePublications.id, id)));
      return row;
    },

    /** A version's employees with their days, names and acknowledgement, by name. */
    async findPublicationDays(companyId: number, publicationId: number) {
      return db
        .select({
          employeeId: schedulePublicationDays.employeeId,
          name: nameOf,
          days: schedulePublicationDays.days,
          changedDates: schedulePublicationDays.changedDates,
          acknowledgedAt: schedulePublicationDays.acknowledgedAt,
        })
        .from(schedulePublicationDays)
        .innerJoin(employees, eq(employees.id, schedulePublicationDays.employeeId))
        .innerJoin(users, eq(users.id, employees.userId))
        .where(
          and(
            eq(schedulePublicationDays.companyId, companyId),
            eq(schedulePublicationDays.publicationId, publicationId),
          ),
        )
        .orderBy(asc(nameOf), asc(schedulePublicationDays.employeeId));
    },

    async insertPublication(values: typeof schedulePublications.$inferInsert) {
      const [row] = await db.insert(schedulePublications).values(values).returning();
      return row!;
    },

    async insertDays(rows: (typeof schedulePublicationDays.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(schedulePublicationDays).values(rows);
    },

    /**
     * The employee's versions of the months given, newest publication first: every unit's
     * version that holds the employee.
     */
    async findEmployeeVersions(companyId: number, employeeId: number, months: readonly string[]) {
      if (months.length === 0) return [];
      return db
        .select({
          publicationId: schedulePublications.id,
          month: schedulePublications.month,
          version: schedulePublications.version,
          publishedAt: schedulePublications.publishedAt,
          days: schedulePublicationDays.days,
          changedDates: schedulePublicationDays.changedDates,
          acknowledgedAt: schedulePublicationDays.acknowledgedAt,
        })
        .from(schedulePublicationDays)
        .innerJoin(
          schedulePublications,
          eq(schedulePublications.id, schedulePublicationDays.publicationId),
        )
        .where(
          and(
            eq(schedulePublicationDays.companyId, companyId),
            eq(schedulePublicationDays.employeeId, employeeId),
            inArray(schedulePublications.month, [...months]),
          ),
        )
        .orderBy(desc(schedulePublications.publishedAt), desc(schedulePublications.id));
    },

    /** Sets the acknowledgement once: a second call keeps the first time. */
    async acknowledge(companyId: number, publicationId: number, employeeId: number, at: Date) {
      await db
        .update(schedulePublicationDays)
        .set({ acknowledgedAt: at })
        .where(
          and(
            eq(schedulePublicationDays.companyId, companyId),
            eq(schedulePublicationDays.publicationId, publicationId),
            eq(schedulePublicationDays.employeeId, employeeId),
            isNull(schedulePublicationDays.acknowledgedAt),
          ),
        );
    },

    async findNames(companyId: number, employeeIds: readonly number[]) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          id: employees.id,
          name: nameOf,
        })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(and(eq(employees.companyId, companyId), inIds(employees.id, employeeIds)));
    },
  };
}
