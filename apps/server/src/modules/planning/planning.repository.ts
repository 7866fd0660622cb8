import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inIds } from '../../lib/pagination.ts';
import {
  branches,
  calendarYears,
  companies,
  companyCalendarDays,
  dayOffs,
  employeeBranches,
  rosterShifts,
  scheduleAssignments,
  scheduleVersions,
  schedules,
} from '../../db/schema/index.ts';

/**
 * Everything a plan needs, read in a fixed handful of queries for any number of employees:
 * the calendar, the schedules, and the employees' assignments, roster, day-offs and zones.
 */
export function createPlanningRepository(db: DbOrTx) {
  return {
    async findCompany(companyId: number) {
      const rows = await db
        .select({ countryCode: companies.countryCode, timezone: companies.timezone })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return rows[0];
    },

    /** A country's stored years between two years, both included (shared reference data). */
    async findCountryYears(countryCode: string, fromYear: number, toYear: number) {
      return db
        .select()
        .from(calendarYears)
        .where(
          and(
            eq(calendarYears.countryCode, countryCode),
            gte(calendarYears.year, fromYear),
            lte(calendarYears.year, toYear),
          ),
        )
        .orderBy(asc(calendarYears.year));
    },

    async findCompanyDays(companyId: number, from: string, to: string) {
      return db
        .select({ date: companyCalendarDays.date, kind: companyCalendarDays.kind })
        .from(companyCalendarDays)
        .where(
          and(
            eq(companyCalendarDays.companyId, companyId),
            gte(companyCalendarDays.date, from),
            lte(companyCalendarDays.date, to),
          ),
        )
        .orderBy(asc(companyCalendarDays.date));
    },

    /** The accounting periods the company's schedules use (summarized accounting, decision 030). */
    async findAccountingPeriods(companyId: number) {
      const rows = await db
        .selectDistinct({ accountingPeriod: schedules.accountingPeriod })
        .from(schedules)
        .where(and(eq(schedules.companyId, companyId), isNotNull(schedules.accountingPeriod)));
      return rows.map((row) => row.accountingPeriod!);
    },

    async findSchedules(companyId: number) {
      return db
        .select({
          id: schedules.id,
          title: schedules.title,
          color: schedules.color,
          accountingPeriod: schedules.accountingPeriod,
          definition: schedules.definition,
        })
        .from(schedules)
        .where(eq(schedules.companyId, companyId));
    },

    /**
     * Earlier definitions of the company's schedules still in force on `from` or later, by
     * schedule and end date (each applies from the day after the previous one's end).
     */
    async findScheduleVersions(companyId: number, from: string) {
      return db
        .select({
          scheduleId: scheduleVersions.scheduleId,
          validTo: scheduleVersions.validTo,
          definition: scheduleVersions.definition,
        })
        .from(scheduleVersions)
        .where(and(eq(scheduleVersions.companyId, companyId), gte(scheduleVersions.validTo, from)))
        .orderBy(asc(scheduleVersions.scheduleId), asc(scheduleVersions.validTo));
    },

    /** Assignments effective on or before `to` (the earlier ones say what held at `from`). */
    async findAssignments(companyId: number, employeeIds: number[], to: string) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          employeeId: scheduleAssignments.employeeId,
          scheduleId: scheduleAssignments.scheduleId,
          effectiveFrom: scheduleAssignments.effectiveFrom,
        })
        .from(scheduleAssignments)
        .where(
          and(
            eq(scheduleAssignments.companyId, companyId),
            inIds(scheduleAssignments.employeeId, employeeIds),
            lte(scheduleAssignments.effectiveFrom, to),
          ),
        )
        .orderBy(asc(scheduleAssignments.employeeId), asc(scheduleAssignments.effectiveFrom));
    },

    async findRoster(companyId: number, employeeIds: number[], from: string, to: string) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          employeeId: rosterShifts.employeeId,
          date: rosterShifts.date,
          shifts: rosterShifts.shifts,
        })
        .from(rosterShifts)
        .where(
          and(
            eq(rosterShifts.companyId, companyId),
            inIds(rosterShifts.employeeId, employeeIds),
            gte(rosterShifts.date, from),
            lte(rosterShifts.date, to),
          ),
        );
    },

    /** Approved day-offs overlapping the range: the employees' own and the company-wide ones. */
    async findApprovedDayOffs(companyId: number, employeeIds: number[], from: string, to: string) {
      return (
        db
          .select({
            id: dayOffs.id,
            employeeId: dayOffs.employeeId,
            type: dayOffs.type,
            from: dayOffs.dateFrom,
            to: dayOffs.dateTo,
          })
          .from(dayOffs)
          .where(
            and(
              eq(dayOffs.companyId, companyId),
              eq(dayOffs.status, 'APPROVED'),
              lte(dayOffs.dateFrom, to),
              gte(dayOffs.dateTo, from),
              employeeIds.length > 0
                ? or(isNull(dayOffs.employeeId), inIds(dayOffs.employeeId, employeeIds))
                : isNull(dayOffs.employeeId),
            ),
          )
          // Personal entries first: they name the day-off of a date before company-wide ones.
          .orderBy(sql`${dayOffs.employeeId} is null`, desc(dayOffs.id))
      );
    },

    /** The employees' requests awaiting a decision that overlap the range (shown, not planned). */
    async findRequestedDayOffs(companyId: number, employeeIds: number[], from: string, to: string) {
      if (employeeIds.length === 0) return [];
      return db
        .select({
          id: dayOffs.id,
          employeeId: dayOffs.employeeId,
          type: dayOffs.type,
          from: dayOffs.dateFrom,
          to: dayOffs.dateTo,
          comment: dayOffs.comment,
        })
        .from(dayOffs)
        .where(
          and(
            eq(dayOffs.companyId, companyId),
            eq(dayOffs.status, 'REQUESTED'),
            inIds(dayOffs.employeeId, employeeIds),
            lte(dayOffs.dateFrom, to),
            gte(dayOffs.dateTo, from),
          ),
        )
        .orderBy(asc(dayOffs.dateFrom), asc(dayOffs.id));
    },

    /** The time zone of each employee's first branch (by id); employees without one are absent. */
    async findBranchTimezones(companyId: number, employeeIds: number[]) {
      if (employeeIds.length === 0) return [];
      return db
        .selectDistinctOn([employeeBranches.employeeId], {
          employeeId: employeeBranches.employeeId,
          timezone: branches.timezone,
        })
        .from(employeeBranches)
        .innerJoin(
          branches,
          and(
            eq(branches.id, employeeBranches.branchId),
            eq(branches.companyId, employeeBranches.companyId),
          ),
        )
        .where(
          and(
            eq(employeeBranches.companyId, companyId),
            inIds(employeeBranches.employeeId, employeeIds),
          ),
        )
        .orderBy(asc(employeeBranches.employeeId), asc(employeeBranches.branchId));
    },
  };
}

export type PlanningRepository = ReturnType<typeof createPlanningRepository>;
export type CalendarYearRow = Awaited<ReturnType<PlanningRepository['findCountryYears']>>[number];
