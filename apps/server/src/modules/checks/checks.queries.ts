/**
 * Reading checks: the list (with the late filter), one check and its history.
 */
import {
  type Check,
  type CheckHistoryEntry,
  type CheckPhoto,
  type ChecksPage,
  MAX_ATTENDANCE_DAYS,
  MAX_ATTENDANCE_EMPLOYEES,
} from '@smena/contract';
import { addDays, daysBetween, localDateOf, wallTimeToMs } from '@smena/time';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { offsetOf, pageResult } from '../../lib/pagination.ts';
import { createAttendanceDatesService, createAttendanceService } from '../attendance/index.ts';
import { toCheck, toHistoryEntry } from './checks.mappers.ts';
import { type CheckRow, type ChecksFilter, checkSnapshot } from './checks.repository.ts';
import { type ChecksContext, type ListChecksValues, notFound } from './checks.shared.ts';

/** The late filter plans every day of its range: at most about a quarter. */
const LATE_FILTER_MAX_DAYS = 93;

export function createCheckQueries(context: ChecksContext) {
  const { db, now, repository } = context;

  async function findVisibleCheck(
    auth: CompanyAuthContext,
    checkId: number,
    options: { withDeleted?: boolean } = {},
  ): Promise<CheckRow> {
    const row = await repository.findCheck(auth.companyId, checkId, {
      ...options,
      scope: auth.scope,
    });
    // An employee sees their own checks only; another's answers as a missing one.
    if (!row || (auth.role === 'EMPLOYEE' && row.employeeId !== auth.employeeId)) throw notFound();
    return row;
  }

  /**
   * The attendance of a page's employees around its dates (`withAttendance`): from the day before
   * the first check-in's date (a night shift begun the day before owns the morning's check-out)
   * to the last, each date read in its branch's zone. Nothing when the page is empty or its dates
   * span more than the attendance allows.
   */
  async function attendanceOfPage(
    auth: CompanyAuthContext,
    rows: readonly CheckRow[],
  ): Promise<ChecksPage['attendance']> {
    if (rows.length === 0) return undefined;
    const dates = rows.map((row) => localDateOf(row.checkIn.getTime(), row.branchTimezone)).sort();
    const from = addDays(dates[0]!, -1);
    const to = dates[dates.length - 1]!;
    const employeeIds = [...new Set(rows.map((row) => row.employeeId))];
    if (daysBetween(from, to) + 1 > MAX_ATTENDANCE_DAYS) return undefined;
    if (employeeIds.length > MAX_ATTENDANCE_EMPLOYEES) return undefined;
    // The rows are the caller's to see already; the same scope keeps the two answers alike.
    const answer = await createAttendanceDatesService({ db, now }).employeesDates(
      auth.companyId,
      employeeIds,
      { from, to, dates: 'marked' },
      auth.scope,
    );
    return answer.employees;
  }

  /** The checks as the API answers them, each with its kiosk photos still kept (decision 034). */
  async function withPhotos(companyId: number, rows: readonly CheckRow[]): Promise<Check[]> {
    const photos = await repository.findPhotos(
      companyId,
      rows.map((row) => row.id),
      new Date(now()),
    );
    const byCheck = new Map<number, CheckPhoto[]>();
    for (const photo of photos) {
      const list = byCheck.get(photo.checkId) ?? [];
      list.push({
        direction: photo.direction,
        takenAt: photo.takenAt.toISOString(),
        expiresAt: new Date(photo.expiresAt).toISOString(),
      });
      byCheck.set(photo.checkId, list);
    }
    return rows.map((row) => toCheck(row, byCheck.get(row.id)));
  }

  /** The page as the API answers it, with the attendance when it was asked for. */
  async function checksPage(
    auth: CompanyAuthContext,
    rows: readonly CheckRow[],
    total: number,
    query: ListChecksValues,
  ): Promise<ChecksPage> {
    const page = pageResult(await withPhotos(auth.companyId, rows), total, query);
    if (!query.withAttendance) return page;
    const attendance = await attendanceOfPage(auth, rows);
    return attendance ? { ...page, attendance } : page;
  }

  return {
    async listChecks(auth: CompanyAuthContext, query: ListChecksValues): Promise<ChecksPage> {
      const employeeId = auth.role === 'EMPLOYEE' ? auth.employeeId : query.employeeId;
      const filter: ChecksFilter = {
        employeeId,
        branchId: query.branchId,
        departmentId: query.departmentId,
        open: query.open,
        signals: query.signal,
        scope: auth.scope,
      };
      if (query.from || query.to || query.late) {
        const company = await repository.findCompanySettings(auth.companyId);
        if (!company) throw AppError.notFound('Компания не найдена');
        const timezone = company.timezone;
        if (query.from) filter.fromMs = wallTimeToMs(query.from, '00:00', timezone);
        if (query.to) filter.toMs = wallTimeToMs(addDays(query.to, 1), '00:00', timezone);
      }
      if (query.from && query.to && query.to < query.from) {
        throw AppError.validation('to', 'Дата окончания не может быть раньше даты начала');
      }
      if (!query.late) {
        const { items, total } = await repository.findChecks(auth.companyId, filter, {
          limit: query.limit,
          offset: offsetOf(query),
        });
        return checksPage(auth, items, total, query);
      }

      // Late: the first check-in of a planned working date after its start plus the tolerance.
      if (!query.from || !query.to) {
        throw AppError.validation(query.from ? 'to' : 'from', 'Укажите период для опоздавших');
      }
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
      if (days > LATE_FILTER_MAX_DAYS) {
        throw AppError.validation(
          'to',
          `Период для опоздавших — не больше ${LATE_FILTER_MAX_DAYS} дней`,
        );
      }
      const { items } = await repository.findChecks(auth.companyId, filter, null);
      const employeeIds = [...new Set(items.map((row) => row.employeeId))];
      // The attendance module decides which date is late, as it does for the reports.
      const lateIds = new Set<number>();
      const computed = await createAttendanceService({ db, now }).employeesAttendance(
        auth.companyId,
        employeeIds.map((id) => ({ id })),
        query.from,
        query.to,
      );
      for (const employee of computed)
        for (const day of employee.days)
          if (day.attendance.late && day.checks[0]) lateIds.add(day.checks[0].id);
      const late = items.filter((row) => lateIds.has(row.id));
      const start = offsetOf(query);
      return checksPage(auth, late.slice(start, start + query.limit), late.length, query);
    },
    async getCheck(auth: CompanyAuthContext, checkId: number): Promise<Check> {
      const [check] = await withPhotos(auth.companyId, [await findVisibleCheck(auth, checkId)]);
      return check!;
    },
    async getHistory(
      auth: CompanyAuthContext,
      checkId: number,
    ): Promise<{ items: CheckHistoryEntry[] }> {
      const check = await findVisibleCheck(auth, checkId, { withDeleted: true });
      const rows = await repository.findHistory(auth.companyId, checkId);
      const items = rows.map(toHistoryEntry);
      if (rows.some((row) => row.action === 'CREATE')) return { items };
      // No CREATE row (decision 015): a check created closed is described by its row — who
      // created it and when — and by the first later entry's `before` (every change of a closed
      // check writes history), or without later entries by the check as it is. A check that
      // began open always has its CREATE row, so one without is older than the API (a direct
      // insert, the demo): its history starts where it did.
      const after = items[0]?.before ?? checkSnapshot(check);
      if (after.checkOut === null || after.checkOut === undefined) return { items };
      const creation = await repository.findCreation(auth.companyId, checkId);
      const created: CheckHistoryEntry = {
        id: 0,
        action: 'CREATE',
        changedByName: creation?.changedByName ?? null,
        reason: '',
        before: null,
        after,
        createdAt: (creation?.createdAt ?? check.createdAt).toISOString(),
      };
      return { items: [created, ...items] };
    },
  };
}
