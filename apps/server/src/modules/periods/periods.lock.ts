/**
 * The one guard of approved months (decision 022): every write that changes attendance of some
 * dates asks it first, and an approved month answers 409 `PERIOD_LOCKED` (or a refused item in a
 * batch). One query per call, whatever the number of employees and dates.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ErrorCode, periodLockedMessage } from '@smena/contract';
import { localDateOf } from '@smena/time';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * What a write touches:
 * - `dates`: an employee's local dates `from`…`to` (yyyy-MM-dd), or — with `employeeId: null` —
 *   dates of the whole company (a company-wide day-off, a calendar day): locked when any unit
 *   has approved that month; `to` may be far ahead (`OPEN_END`) for what holds from a date on
 *   (a schedule assignment);
 * - `instants`: moments of an employee's checks (epoch ms), read as dates in the employee's time
 *   zone — their first branch's, else the company's, as the attendance module reads them.
 */
export type LockSubject =
  | { employeeId: number | null; from: string; to: string }
  | { employeeId: number; instants: readonly number[] };

const DAY_MS = 86_400_000;

/** The end of a range that holds from its start on (an assignment, a schedule's new definition). */
export const OPEN_END = '2100-12-31';

export function periodLockedError(month: string): AppError {
  return new AppError(ErrorCode.PERIOD_LOCKED, periodLockedMessage(month));
}

function idList(ids: readonly number[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

type LockRow = {
  employee_id: number | string | null;
  timezone: string | null;
  months: string[] | null;
};

export type PeriodLock = ReturnType<typeof createPeriodLock>;

export function createPeriodLock(db: DbOrTx) {
  /**
   * For each subject, the first of its months that is approved for it, or null. An employee's
   * month is approved when an APPROVED period names one of the branches they work at, their
   * department or a department above it (a department covers its sub-departments, as in a
   * manager's scope); a company-wide subject's month when any period of the month is approved.
   */
  async function findLockedMonths(
    companyId: number,
    subjects: readonly LockSubject[],
  ): Promise<(string | null)[]> {
    if (subjects.length === 0) return [];
    let first: string | undefined;
    let last: string | undefined;
    const widen = (from: string, to: string) => {
      if (first === undefined || from < first) first = from;
      if (last === undefined || to > last) last = to;
    };
    for (const subject of subjects) {
      if ('instants' in subject) {
        for (const ms of subject.instants) {
          // A day either side: the local date of an instant is within a day of its UTC date.
          widen(
            new Date(ms - DAY_MS).toISOString().slice(0, 7),
            new Date(ms + DAY_MS).toISOString().slice(0, 7),
          );
        }
      } else widen(subject.from.slice(0, 7), subject.to.slice(0, 7));
    }
    if (first === undefined || last === undefined) return subjects.map(() => null);
    const employeeIds = [
      ...new Set(
        subjects.flatMap((subject) => (subject.employeeId === null ? [] : [subject.employeeId])),
      ),
    ];
    const ofEmployees =
      employeeIds.length === 0
        ? sql``
        : sql`
      select e.id as employee_id,
        coalesce(
          (select b.timezone from employee_branches eb
             join branches b on b.id = eb.branch_id and b.company_id = eb.company_id
             where eb.company_id = ${companyId} and eb.employee_id = e.id
             order by eb.branch_id limit 1),
          c.timezone) as timezone,
        array(
          select distinct a.month from approved a
            where a.branch_id in (
                select eb.branch_id from employee_branches eb
                  where eb.company_id = ${companyId} and eb.employee_id = e.id)
              or a.department_id in (select up.department_id from up where up.employee_id = e.id)
        ) as months
        from employees e join companies c on c.id = e.company_id
        where e.company_id = ${companyId} and e.id in ${idList(employeeIds)}
      union all`;
    const upFrom =
      employeeIds.length === 0
        ? sql`select null::integer, null::integer where false`
        : sql`select e.id, e.department_id from employees e
            where e.company_id = ${companyId} and e.id in ${idList(employeeIds)}
              and e.department_id is not null`;
    const result = await db.execute(sql`
      with recursive up(employee_id, department_id) as (
        ${upFrom}
        union
        select up.employee_id, d.parent_id from up
          join departments d on d.id = up.department_id and d.company_id = ${companyId}
          where d.parent_id is not null
      ),
      approved as (
        select month, branch_id, department_id from month_periods
          where company_id = ${companyId} and status = 'APPROVED'
            and month between ${first} and ${last}
      )
      ${ofEmployees}
      select null as employee_id, null as timezone,
        array(select distinct month from approved) as months
    `);
    const rows = (result as unknown as { rows: LockRow[] }).rows;
    const companyMonths = new Set<string>();
    const byEmployee = new Map<number, { timezone: string; months: Set<string> }>();
    for (const row of rows) {
      if (row.employee_id === null) for (const month of row.months ?? []) companyMonths.add(month);
      else {
        byEmployee.set(Number(row.employee_id), {
          timezone: row.timezone ?? 'UTC',
          months: new Set(row.months ?? []),
        });
      }
    }
    /** The first approved month within the range, by comparison: a range may be open-ended. */
    const firstIn = (months: ReadonlySet<string>, from: string, to: string) =>
      [...months].sort().find((month) => month >= from.slice(0, 7) && month <= to.slice(0, 7)) ??
      null;
    return subjects.map((subject) => {
      if (subject.employeeId === null) {
        return 'instants' in subject ? null : firstIn(companyMonths, subject.from, subject.to);
      }
      const employee = byEmployee.get(subject.employeeId);
      // Not the company's employee: the write itself answers 404 or 422.
      if (!employee || employee.months.size === 0) return null;
      if (!('instants' in subject)) return firstIn(employee.months, subject.from, subject.to);
      return (
        subject.instants
          .map((ms) => localDateOf(ms, employee.timezone).slice(0, 7))
          .find((month) => employee.months.has(month)) ?? null
      );
    });
  }

  return {
    findLockedMonths,
    /** Throws 409 `PERIOD_LOCKED` naming the first approved month any subject touches. */
    async assertOpen(companyId: number, subjects: readonly LockSubject[]): Promise<void> {
      const locked = (await findLockedMonths(companyId, subjects)).find((month) => month !== null);
      if (locked) throw periodLockedError(locked);
    },
  };
}
