import type { AdminDashboard } from '@smena/contract';
import { addDays, fromDayNumber, weekdayIndex } from '@smena/time';
import type { Db } from '../../db/client.ts';
import { createAdminDashboardRepository } from './admin-dashboard.repository.ts';

const DAY_MS = 86_400_000;
/** The chart of new companies: the last 12 weeks, the current one included. */
export const NEW_COMPANY_WEEKS = 12;

const utcDate = (ms: number) => fromDayNumber(Math.floor(ms / DAY_MS));
const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;

/**
 * The super admin's dashboard. Days, months and weeks are UTC ones (weeks from Monday): the
 * service spans every company's zone, and a figure for the whole service needs one clock.
 */
export function createAdminDashboardService(deps: { db: Db; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const repository = createAdminDashboardRepository(deps.db);

  return {
    async getDashboard(): Promise<AdminDashboard> {
      const nowMs = now();
      const today = utcDate(nowMs);
      const monthStart = `${today.slice(0, 7)}-01`;
      const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
      const nextMonthStart =
        month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      const thisMonday = addDays(today, -weekdayIndex(today));
      const firstMonday = addDays(thisMonday, -7 * (NEW_COMPANY_WEEKS - 1));

      const [counts, weeks] = await Promise.all([
        repository.countAll({
          now: new Date(nowMs),
          checksFrom: utcMidnight(today),
          checksTo: utcMidnight(addDays(today, 1)),
          paidFrom: utcMidnight(monthStart),
          paidTo: utcMidnight(nextMonthStart),
        }),
        repository.countNewCompaniesByWeek(utcMidnight(firstMonday)),
      ]);

      return {
        generatedAt: new Date(nowMs).toISOString(),
        companies: {
          total: counts.companiesTotal,
          active: counts.companiesActive,
          trial: counts.companiesTrial,
          blocked: counts.companiesBlocked,
        },
        users: counts.users,
        employees: counts.employees,
        checksToday: counts.checks,
        paymentsThisMonth: {
          count: counts.paymentsCount,
          amountKopecks: counts.paymentsAmountKopecks,
        },
        newCompaniesPerWeek: Array.from({ length: NEW_COMPANY_WEEKS }, (_, index) => {
          const weekStart = addDays(firstMonday, 7 * index);
          return { weekStart, count: weeks.get(weekStart) ?? 0 };
        }),
      };
    },
  };
}
