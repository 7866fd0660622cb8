import { COMPANY_WIDE_DAY_OFF_TYPES, type Dashboard, type DashboardToday } from '@smena/contract';
import { type AttendancePlan, addDays, localDateOf, toIsoInZone, wallTimeToMs } from '@smena/time';
import type { Db } from '../../db/client.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { type StoredCheck, createAttendanceService } from '../attendance/index.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { isLimitedScope } from '../../db/employee-scope.ts';

/** The charts' span: the last 14 dates, today included. */
export const DASHBOARD_DAYS = 14;
/** The live list's length. */
export const LATEST_CHECKS = 20;

type StampedCheck = StoredCheck & { employeeId: number };

/** What one employee's today amounts to, before it is summed over the company and branches. */
type TodayStatus = {
  planned: boolean;
  late: boolean;
  notArrived: boolean;
  absent: boolean;
  onDayOff: boolean;
};

const emptyToday = (): DashboardToday => ({
  planned: 0,
  present: 0,
  late: 0,
  notArrived: 0,
  absent: 0,
  onDayOff: 0,
});

function addStatus(target: DashboardToday, status: TodayStatus) {
  if (status.planned) target.planned += 1;
  if (status.late) target.late += 1;
  if (status.notArrived) target.notArrived += 1;
  if (status.absent) target.absent += 1;
  if (status.onDayOff) target.onDayOff += 1;
}

const isPlannedWork = (plan: AttendancePlan) => plan.kind === 'WORK' && plan.shifts.length > 0;

/** A personal absence with a reason: vacation, sick leave, time off — not a company holiday. */
const isPersonalDayOff = (plan: AttendancePlan) =>
  plan.kind === 'DAY_OFF' &&
  plan.dayOffType !== undefined &&
  !COMPANY_WIDE_DAY_OFF_TYPES.includes(plan.dayOffType);

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The company dashboard: today's counts, the last 14 dates, the branches and the latest checks.
 * Every date's meaning (planned, late, absent, not arrived) comes from the attendance module,
 * the same place the checks list, the reports and the timesheet read it from.
 */
export function createDashboardService(deps: { db: Db; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const repository = createDashboardRepository(deps.db);
  const attendance = createAttendanceService({ db: deps.db, now });

  return {
    async getDashboard(auth: CompanyAuthContext): Promise<Dashboard> {
      const nowMs = now();
      const companyId = auth.companyId;
      const [company, employeeRows, branchRows, linkRows] = await Promise.all([
        attendance.companySettings(companyId),
        repository.findActiveEmployees(companyId, auth.scope),
        repository.findBranches(companyId),
        repository.findEmployeeBranches(companyId, auth.scope),
      ]);
      const zone = company.timezone;
      const today = localDateOf(nowMs, zone);
      const from = addDays(today, -(DASHBOARD_DAYS - 1));
      const branchById = new Map(branchRows.map((row) => [row.id, row]));

      const computed = await attendance.employeesAttendance(
        companyId,
        employeeRows.map((row) => ({ id: row.id })),
        from,
        today,
        // Counts of late, absent and not arrived need the first check-in of each date only.
        { company, detail: 'arrival' },
      );

      const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => ({
        date: addDays(from, index),
        planned: 0,
        present: 0,
        late: 0,
        absent: 0,
      }));
      const todayStatus = new Map<number, TodayStatus>();
      /** Where each employee is on site now: the branch of their open check. */
      const openBranchOf = new Map<number, number>();
      const lateCheckIds = new Set<number>();
      const todayStartMs = wallTimeToMs(today, '00:00', zone);
      const eventMs = (check: StoredCheck) => Math.max(check.inMs, check.outMs ?? check.inMs);
      /** Today's events: a check-in or a check-out since the start of today. */
      const latest: StampedCheck[] = [];

      for (const employee of computed) {
        employee.days.forEach((day, index) => {
          const counts = days[index]!;
          const planned = isPlannedWork(day.plan);
          if (planned) counts.planned += 1;
          if (day.checks.length > 0) counts.present += 1;
          if (day.attendance.late) {
            counts.late += 1;
            lateCheckIds.add(day.checks[0]!.id);
          }
          if (day.attendance.absent) counts.absent += 1;
          for (const check of day.checks) {
            if (check.outMs === null) openBranchOf.set(employee.employeeId, check.branchId);
            if (eventMs(check) >= todayStartMs && check.inMs <= nowMs)
              latest.push({ ...check, employeeId: employee.employeeId });
          }
          if (day.date === today)
            todayStatus.set(employee.employeeId, {
              planned,
              late: day.attendance.late,
              notArrived: day.attendance.notArrived,
              absent: day.attendance.absent,
              onDayOff: isPersonalDayOff(day.plan),
            });
        });
      }

      const totals = emptyToday();
      for (const status of todayStatus.values()) addStatus(totals, status);
      totals.present = openBranchOf.size;

      // A branch counts its own employees; «on site» is where the open check was made.
      // A manager of some branches and departments sees the branches their employees work at.
      const branchesInScope = isLimitedScope(auth.scope)
        ? new Set(linkRows.map((row) => row.branchId))
        : null;
      const activeBranches = branchRows.filter(
        (row) => row.active && (branchesInScope === null || branchesInScope.has(row.id)),
      );
      const perBranch = new Map(activeBranches.map((row) => [row.id, emptyToday()]));
      for (const row of linkRows) {
        const status = todayStatus.get(row.employeeId);
        const counts = perBranch.get(row.branchId);
        if (status && counts) addStatus(counts, status);
      }
      for (const branchId of openBranchOf.values()) {
        const counts = perBranch.get(branchId);
        if (counts) counts.present += 1;
      }

      const nameOf = new Map(employeeRows.map((row) => [row.id, row.name]));
      latest.sort((a, b) => eventMs(b) - eventMs(a) || b.id - a.id);

      return {
        date: today,
        timezone: zone,
        generatedAt: new Date(nowMs).toISOString(),
        today: totals,
        days,
        branches: activeBranches.map((row) => ({
          branchId: row.id,
          title: row.title,
          ...(perBranch.get(row.id) ?? emptyToday()),
        })),
        latestChecks: latest.slice(0, LATEST_CHECKS).map((check) => {
          const branch = branchById.get(check.branchId);
          // Instants carry the branch's offset, as plans do: the wall time reads off the string.
          const branchZone = branch?.timezone ?? zone;
          return {
            id: check.id,
            employeeId: check.employeeId,
            employeeName: nameOf.get(check.employeeId) ?? '',
            branchTitle: branch?.title ?? '',
            checkInDateTime: toIsoInZone(check.inMs, branchZone),
            checkOutDateTime: check.outMs === null ? null : toIsoInZone(check.outMs, branchZone),
            late: lateCheckIds.has(check.id),
          };
        }),
      };
    },
  };
}
