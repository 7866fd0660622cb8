import {
  COMPANY_WIDE_DAY_OFF_TYPES,
  type Dashboard,
  type DashboardToday,
  type DayPlan as ApiDayPlan,
} from '@smena/contract';
import {
  type AttendancePlan,
  addDays,
  assignChecksToDates,
  attendancePlanFromIso,
  dayAttendance,
  localDateOf,
  toIsoInZone,
  wallTimeToMs,
} from '@smena/time';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { createPlanningService } from '../planning/index.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

/** The charts' span: the last 14 dates, today included. */
export const DASHBOARD_DAYS = 14;
/** The live list's length. */
export const LATEST_CHECKS = 20;
/** Device clocks run a little ahead (as in the checks module): such a check is still today's. */
const CLOCK_SKEW_MS = 2 * 60_000;

type StampedCheck = {
  id: number;
  employeeId: number;
  branchId: number;
  inMs: number;
  outMs: number | null;
};

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
const isPersonalDayOff = (plan: ApiDayPlan | undefined) =>
  plan?.kind === 'DAY_OFF' &&
  plan.dayOffType !== undefined &&
  !COMPANY_WIDE_DAY_OFF_TYPES.includes(plan.dayOffType);

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The company dashboard: today's counts, the last 14 dates, the branches and the latest checks.
 * Plans come from the planning service and the checks of the fifteen dates from one query; the
 * attendance engine judges every employee's dates exactly as the checks list does (the zone of
 * the branch of the employee's newest check, else of the plan), so the numbers agree with it.
 */
export function createDashboardService(deps: { db: Db; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const repository = createDashboardRepository(deps.db);
  const planning = createPlanningService({ db: deps.db });

  return {
    async getDashboard(auth: CompanyAuthContext): Promise<Dashboard> {
      const nowMs = now();
      const companyId = auth.companyId;
      const [company, employeeRows, branchRows, linkRows] = await Promise.all([
        repository.findCompanySettings(companyId),
        repository.findActiveEmployees(companyId),
        repository.findBranches(companyId),
        repository.findEmployeeBranches(companyId),
      ]);
      if (!company) throw AppError.notFound('Компания не найдена');
      const zone = company.timezone;
      const today = localDateOf(nowMs, zone);
      const from = addDays(today, -(DASHBOARD_DAYS - 1));
      // The day before the first: a night shift begun then owns the first morning's check-out.
      const loadFrom = addDays(from, -1);

      const branchById = new Map(branchRows.map((row) => [row.id, row]));
      const zones = new Set([zone, ...branchRows.map((row) => row.timezone)]);
      const sinceMs = Math.min(...[...zones].map((tz) => wallTimeToMs(loadFrom, '00:00', tz)));
      const employeeIds = employeeRows.map((row) => row.id);

      const [{ plans }, checkRows] = await Promise.all([
        planning.planEmployees(companyId, employeeIds, loadFrom, today),
        repository.findChecksSince(companyId, new Date(sinceMs), new Date(nowMs + CLOCK_SKEW_MS)),
      ]);

      const checksOf = new Map<number, StampedCheck[]>();
      for (const [id, employeeId, branchId, inMs, outMs] of checkRows) {
        const check: StampedCheck = { id, employeeId, branchId, inMs, outMs };
        const list = checksOf.get(employeeId);
        if (list) list.push(check);
        else checksOf.set(employeeId, [check]);
      }
      const branchesOf = new Map<number, number[]>();
      for (const row of linkRows) {
        const list = branchesOf.get(row.employeeId);
        if (list) list.push(row.branchId);
        else branchesOf.set(row.employeeId, [row.branchId]);
      }
      // The plan's zone: the employee's first branch (by id), else the company's.
      const planZoneOf = (employeeId: number) => {
        const first = branchesOf.get(employeeId)?.[0];
        return (first === undefined ? undefined : branchById.get(first)?.timezone) ?? zone;
      };

      // Employees sharing a schedule share the plan objects of their dates: convert each once.
      const converted = new Map<ApiDayPlan, AttendancePlan>();
      const toAttendance = (day: ApiDayPlan) => {
        let plan = converted.get(day);
        if (!plan) converted.set(day, (plan = attendancePlanFromIso(day)));
        return plan;
      };

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

      for (const employee of employeeRows) {
        const apiDays = plans.get(employee.id)?.days ?? [];
        const attendancePlans = apiDays.map(toAttendance);
        const own = checksOf.get(employee.id) ?? [];
        let newest: StampedCheck | undefined;
        for (const check of own) {
          if (!newest || check.inMs > newest.inMs) newest = check;
          if (check.outMs === null) openBranchOf.set(employee.id, check.branchId);
        }
        const timezone =
          (newest ? branchById.get(newest.branchId)?.timezone : undefined) ??
          planZoneOf(employee.id);
        const byDate = assignChecksToDates(attendancePlans, own, timezone, nowMs);
        const options = {
          timezone,
          lateToleranceMinutes: company.lateToleranceMinutes,
          nowMs,
        };

        // The plans run from the day before `from`: index + 1 is the date of days[index].
        days.forEach((day, index) => {
          const plan = attendancePlans[index + 1] ?? {
            date: day.date,
            kind: 'NO_SCHEDULE' as const,
            shifts: [],
          };
          const list = byDate.get(day.date) ?? [];
          list.sort((a, b) => a.inMs - b.inMs);
          // Lateness, absence and «not arrived» depend on the first check-in alone. The engine
          // judges that one as an instant: the worked and night minutes of whole checks, which
          // cost a time-zone lookup per check and are not shown here, are left out.
          const first = list[0];
          const arrival = first ? [{ inMs: first.inMs, outMs: first.inMs }] : [];
          const attendance = dayAttendance(plan, arrival, options);
          const planned = isPlannedWork(plan);
          if (planned) day.planned += 1;
          if (list.length > 0) day.present += 1;
          if (attendance.late) {
            day.late += 1;
            lateCheckIds.add(first!.id);
          }
          if (attendance.absent) day.absent += 1;
          if (day.date === today)
            todayStatus.set(employee.id, {
              planned,
              late: attendance.late,
              notArrived: attendance.notArrived,
              absent: attendance.absent,
              onDayOff: isPersonalDayOff(apiDays[index + 1]),
            });
        });
      }

      const totals = emptyToday();
      for (const status of todayStatus.values()) addStatus(totals, status);
      totals.present = openBranchOf.size;

      // A branch counts its own employees; «on site» is where the open check was made.
      const activeBranches = branchRows.filter((row) => row.active);
      const perBranch = new Map(activeBranches.map((row) => [row.id, emptyToday()]));
      for (const [employeeId, branchIds] of branchesOf) {
        const status = todayStatus.get(employeeId);
        if (!status) continue;
        for (const branchId of branchIds) {
          const counts = perBranch.get(branchId);
          if (counts) addStatus(counts, status);
        }
      }
      for (const branchId of openBranchOf.values()) {
        const counts = perBranch.get(branchId);
        if (counts) counts.present += 1;
      }

      // Today's latest events: a check-in or a check-out since the start of today.
      const todayStartMs = wallTimeToMs(today, '00:00', zone);
      const nameOf = new Map(employeeRows.map((row) => [row.id, row.name]));
      const eventMs = (check: StampedCheck) => Math.max(check.inMs, check.outMs ?? check.inMs);
      const latest: StampedCheck[] = [];
      for (const list of checksOf.values())
        for (const check of list)
          if (nameOf.has(check.employeeId) && eventMs(check) >= todayStartMs) latest.push(check);
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
