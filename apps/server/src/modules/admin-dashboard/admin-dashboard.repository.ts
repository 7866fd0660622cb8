import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type ServiceCounts = {
  companiesTotal: number;
  companiesActive: number;
  companiesTrial: number;
  companiesBlocked: number;
  users: number;
  employees: number;
  checks: number;
  paymentsCount: number;
  paymentsAmountKopecks: number;
};

const toNumber = (value: unknown) => Number(value ?? 0);

/** The super admin's figures over every company: two statements whatever the data size. */
export function createAdminDashboardRepository(db: DbOrTx) {
  return {
    /**
     * Companies by status and plan, users, active employees, live checks with a check-in in
     * [checksFrom, checksTo) and payments paid in [paidFrom, paidTo). Trial companies are the
     * active ones whose trial is running at `now` (the rule of the companies list).
     */
    async countAll(input: {
      now: Date;
      checksFrom: Date;
      checksTo: Date;
      paidFrom: Date;
      paidTo: Date;
    }): Promise<ServiceCounts> {
      const { now, checksFrom, checksTo, paidFrom, paidTo } = input;
      // Checks are counted company by company: each count is a range scan of the
      // (company_id, check_in) index, where a filter on check_in alone would read the table.
      const result = await db.execute(sql`
        select
          (select count(*) from companies) as companies_total,
          (select count(*) from companies where status = 'ACTIVE') as companies_active,
          (select count(*) from companies
            where status = 'ACTIVE' and is_trial and paid_until > ${now.toISOString()}::timestamptz) as companies_trial,
          (select count(*) from companies where status = 'BLOCKED') as companies_blocked,
          (select count(*) from users where status <> 'DELETED') as users,
          (select count(*) from employees where status = 'ACTIVE') as employees,
          (select coalesce(sum(per_company.n), 0)
            from companies c
            cross join lateral (
              select count(*) as n from checks ch
              where ch.company_id = c.id
                and ch.check_in >= ${checksFrom.toISOString()}::timestamptz and ch.check_in < ${checksTo.toISOString()}::timestamptz
                and ch.deleted_at is null
            ) per_company) as checks,
          (select count(*) from payments
            where status = 'PAID' and paid_at >= ${paidFrom.toISOString()}::timestamptz and paid_at < ${paidTo.toISOString()}::timestamptz)
            as payments_count,
          (select coalesce(sum(amount_kopecks), 0) from payments
            where status = 'PAID' and paid_at >= ${paidFrom.toISOString()}::timestamptz and paid_at < ${paidTo.toISOString()}::timestamptz)
            as payments_amount
      `);
      const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
      return {
        companiesTotal: toNumber(row.companies_total),
        companiesActive: toNumber(row.companies_active),
        companiesTrial: toNumber(row.companies_trial),
        companiesBlocked: toNumber(row.companies_blocked),
        users: toNumber(row.users),
        employees: toNumber(row.employees),
        checks: toNumber(row.checks),
        paymentsCount: toNumber(row.payments_count),
        paymentsAmountKopecks: toNumber(row.payments_amount),
      };
    },

    /** Companies created since `from`, by the UTC Monday of their week (`yyyy-MM-dd`). */
    async countNewCompaniesByWeek(from: Date): Promise<Map<string, number>> {
      const result = await db.execute(sql`
        select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
               count(*) as n
        from companies
        where created_at >= ${from.toISOString()}::timestamptz
        group by 1
      `);
      const weeks = new Map<string, number>();
      for (const raw of (result as unknown as { rows: Record<string, unknown>[] }).rows)
        weeks.set(String(raw.week), toNumber(raw.n));
      return weeks;
    },
  };
}

export type AdminDashboardRepository = ReturnType<typeof createAdminDashboardRepository>;
