import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analyticsEvents, analyticsPreferences } from '../../db/schema/index.ts';
import { MAX_EVENT_AGE_MS, MAX_EVENT_LEAD_MS } from './analytics-sanitizer.ts';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** Events that happened in [from, to) (UTC instants), optionally of one company. */
export type EventRange = { from: Date; to: Date; companyId?: number | undefined };

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const toNumber = (value: unknown) => Number(value ?? 0);

/**
 * The filter of the admin queries. occurred_at is clamped to [received − 7 days, received + 5 min],
 * so an event that happened in [from, to) arrived in [from − 5 min, to + 7 days): that bound lets
 * the (company_id, received_at) or received_at index narrow the scan.
 */
function rangeFilter(range: EventRange): SQL {
  const receivedFrom = new Date(range.from.getTime() - MAX_EVENT_LEAD_MS);
  const receivedTo = new Date(range.to.getTime() + MAX_EVENT_AGE_MS);
  return sql`received_at >= ${receivedFrom.toISOString()}::timestamptz
    and received_at < ${receivedTo.toISOString()}::timestamptz
    and occurred_at >= ${range.from.toISOString()}::timestamptz
    and occurred_at < ${range.to.toISOString()}::timestamptz
    ${range.companyId === undefined ? sql`` : sql`and company_id = ${range.companyId}`}`;
}

export function createAnalyticsRepository(db: DbOrTx) {
  return {
    /** One multi-row INSERT per batch. */
    async insertEvents(rows: NewAnalyticsEvent[]): Promise<void> {
      if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
    },

    async findPreference(userId: number): Promise<boolean | null> {
      const [row] = await db
        .select({ enabled: analyticsPreferences.enabled })
        .from(analyticsPreferences)
        .where(eq(analyticsPreferences.userId, userId));
      return row?.enabled ?? null;
    },

    async upsertPreference(userId: number, enabled: boolean): Promise<void> {
      await db
        .insert(analyticsPreferences)
        .values({ userId, enabled })
        .onConflictDoUpdate({
          target: analyticsPreferences.userId,
          set: { enabled, updatedAt: new Date() },
        });
    },

    /**
     * Distinct signed-in users per UTC day and per Monday week, and distinct companies over the
     * whole range: one statement (grouping sets).
     */
    async countActive(range: EventRange) {
      const result = await db.execute(sql`
        select e.day, e.week, grouping(e.day) as no_day, grouping(e.week) as no_week,
               count(distinct e.user_id) as users, count(distinct e.company_id) as companies
        from (
          select user_id, company_id,
                 to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day,
                 to_char(date_trunc('week', occurred_at at time zone 'UTC'), 'YYYY-MM-DD') as week
          from analytics_events
          where ${rangeFilter(range)} and user_id is not null
        ) e
        group by grouping sets ((e.day), (e.week), ())
      `);
      const days = new Map<string, number>();
      const weeks = new Map<string, number>();
      let companies = 0;
      for (const row of rowsOf(result)) {
        if (toNumber(row.no_day) === 0) days.set(String(row.day), toNumber(row.users));
        else if (toNumber(row.no_week) === 0) weeks.set(String(row.week), toNumber(row.users));
        else companies = toNumber(row.companies);
      }
      return { days, weeks, companies };
    },

    /** Events per name, and page views per route pattern: one statement. */
    async countUsage(range: EventRange) {
      const result = await db.execute(sql`
        select name, case when name = 'page_view' then route end as route, count(*) as events
        from analytics_events
        where ${rangeFilter(range)}
        group by 1, 2
      `);
      return rowsOf(result).map((row) => ({
        name: String(row.name),
        route: row.route === null || row.route === undefined ? null : String(row.route),
        events: toNumber(row.events),
      }));
    },

    /**
     * Companies registered in [from, to), those that added an employee or a manager, and of
     * those the ones with a check (ever, not only in the range): one statement.
     */
    async countFunnel(range: EventRange) {
      const result = await db.execute(sql`
        select count(*) as registered,
               count(*) filter (where has_employee) as with_employee,
               count(*) filter (where has_employee and has_check) as with_check
        from (
          select
            exists (select 1 from employees e
                    where e.company_id = c.id and e.role in ('EMPLOYEE', 'MANAGER')) as has_employee,
            exists (select 1 from checks ch
                    where ch.company_id = c.id and ch.deleted_at is null) as has_check
          from companies c
          where c.created_at >= ${range.from.toISOString()}::timestamptz
            and c.created_at < ${range.to.toISOString()}::timestamptz
            ${range.companyId === undefined ? sql`` : sql`and c.id = ${range.companyId}`}
        ) funnel
      `);
      const row = rowsOf(result)[0] ?? {};
      return {
        registered: toNumber(row.registered),
        withEmployee: toNumber(row.with_employee),
        withCheck: toNumber(row.with_check),
      };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
