import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  ErrorCode,
  type Check,
  type CheckHistoryEntry,
  type CreateCheckInputSchema,
  type DeleteCheckInput,
  type ListChecksQuerySchema,
  type Page,
  type PunchInput,
  type PunchResult,
  type SelfCheckInput,
  type SelfCheckOutInput,
  type UpdateCheckInput,
} from '@smena/contract';
import {
  addDays,
  assignChecksToDates,
  attendancePlanFromIso,
  dayAttendance,
  localDateOf,
  toIsoInZone,
  wallTimeToMs,
} from '@smena/time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, CompanyAuthContext } from '../../lib/auth-context.ts';
import { isExclusionViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { offsetOf, pageResult } from '../../lib/pagination.ts';
import { createPlanningService } from '../planning/index.ts';
import { type ShiftSpan, shiftOfCheck, staleCheckOut } from './auto-close-rule.ts';
import { deviceOf, toCheck, toHistoryEntry } from './checks.mappers.ts';
import {
  type CheckRow,
  type ChecksFilter,
  checkSnapshot,
  createChecksRepository,
} from './checks.repository.ts';
import { geofence, nearestBranch } from './geo.ts';
import { PUNCH_MAX_OPEN_MS, pairPunches, punchChanges, punchOutcome } from './punch-pairing.ts';

export type CreateCheckValues = z.output<typeof CreateCheckInputSchema>;
export type ListChecksValues = z.output<typeof ListChecksQuerySchema>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Device clocks run a little ahead: a time this far in the future is still "now". */
export const CLOCK_SKEW_MS = 2 * MINUTE_MS;
/** An offline terminal's events are accepted this long after they happened. */
export const PUNCH_MAX_AGE_MS = 72 * HOUR_MS;
/** The late filter plans every day of its range: at most about a quarter. */
const LATE_FILTER_MAX_DAYS = 93;

export const OVERLAP_MESSAGE = 'Отметка пересекается с другой отметкой сотрудника';
const NOT_FOUND_MESSAGE = 'Отметка не найдена';
const SELF_AUTO_CLOSE_REASON = 'Не отмечен уход: закрыта автоматически перед новым приходом';
const PUNCH_REPAIR_REASON = 'Отметки терминала пересчитаны по событиям устройства';

const notFound = () => AppError.notFound(NOT_FOUND_MESSAGE);
const overlap = () => AppError.conflict(OVERLAP_MESSAGE);

export type RequestInfo = { userAgent: string | null; idempotencyKey?: string | undefined };

/** Key and body of an idempotent create, compared by their meaning (instants as epoch ms). */
function requestHashOf(input: CreateCheckValues): string {
  const canonical = JSON.stringify([
    'checks/create',
    input.employeeId,
    input.branchId,
    Date.parse(input.checkInDateTime),
    input.checkOutDateTime ? Date.parse(input.checkOutDateTime) : null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Who changed a check: a person, or nobody (an API key, a terminal, the server). */
function changedBy(auth: AuthContext): number | null {
  return auth.apiKey ? null : auth.employeeId;
}

function assertNotFuture(field: string, ms: number, nowMs: number, message: string) {
  if (ms > nowMs + CLOCK_SKEW_MS) throw AppError.validation(field, message);
}

export type ChecksService = ReturnType<typeof createChecksService>;

export function createChecksService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createChecksRepository(db);

  /** The planned shifts of employees around the given instants, by employee. */
  async function shiftsAround(
    source: DbOrTx,
    companyId: number,
    employeeIds: number[],
    instants: number[],
    timezone: string,
  ): Promise<Map<number, ShiftSpan[]>> {
    const dates = instants.map((ms) => localDateOf(ms, timezone)).sort();
    const from = addDays(dates[0]!, -1);
    const to = addDays(dates[dates.length - 1]!, 1);
    const { plans } = await createPlanningService({ db: source }).planEmployees(
      companyId,
      employeeIds,
      from,
      to,
    );
    const result = new Map<number, ShiftSpan[]>();
    for (const [employeeId, plan] of plans) {
      result.set(
        employeeId,
        plan.days.flatMap((day) =>
          day.shifts.map((shift) => ({
            startMs: Date.parse(shift.start),
            endMs: Date.parse(shift.end),
          })),
        ),
      );
    }
    return result;
  }

  /** When a still open check must be closed before a new check-in or check-out; null: it is current. */
  async function staleCloseOf(companyId: number, open: CheckRow, nowMs: number) {
    const inMs = open.checkIn.getTime();
    const shifts = await shiftsAround(
      db,
      companyId,
      [open.employeeId],
      [inMs],
      open.branchTimezone,
    );
    const shift = shiftOfCheck(inMs, shifts.get(open.employeeId) ?? []);
    const earlierDay =
      localDateOf(inMs, open.branchTimezone) < localDateOf(nowMs, open.branchTimezone);
    return staleCheckOut(inMs, shift, nowMs, earlierDay);
  }

  async function autoClose(auth: CompanyAuthContext, open: CheckRow, checkOutMs: number) {
    const closed = await repository.closeOpenCheck(auth.companyId, open.id, new Date(checkOutMs), {
      autoClosed: true,
      updatedBy: null,
    });
    if (!closed) return;
    await repository.insertHistory(auth.companyId, {
      checkId: open.id,
      action: 'AUTO_CLOSE',
      changedBy: null,
      impersonatorId: null,
      reason: SELF_AUTO_CLOSE_REASON,
      before: checkSnapshot(open),
      after: checkSnapshot({ ...open, checkOut: new Date(checkOutMs), autoClosed: true }),
    });
  }

  async function findVisibleCheck(
    auth: CompanyAuthContext,
    checkId: number,
    options: { withDeleted?: boolean } = {},
  ): Promise<CheckRow> {
    const row = await repository.findCheck(auth.companyId, checkId, options);
    // An employee sees their own checks only; another's answers as a missing one.
    if (!row || (auth.role === 'EMPLOYEE' && row.employeeId !== auth.employeeId)) throw notFound();
    return row;
  }

  async function refusalForMissingInsert(
    auth: CompanyAuthContext,
    employeeId: number,
    branchId: number,
  ): Promise<AppError> {
    const refs = await repository.findReferences(auth.companyId, employeeId, branchId);
    if (!refs.employee) return AppError.notFound('Сотрудник не найден');
    if (!refs.branch) return AppError.notFound('Филиал не найден');
    if (refs.employee.status !== 'ACTIVE') {
      return AppError.validation('employeeId', 'Сотрудник уволен или деактивирован');
    }
    return AppError.validation('branchId', 'Филиал в архиве');
  }

  function assertKeyBranch(auth: CompanyAuthContext, branchId: number) {
    const bound = auth.apiKey?.branchId;
    if (bound != null && bound !== branchId) {
      throw AppError.forbidden('Этот API-ключ привязан к другому филиалу');
    }
  }

  async function overlapMessageFor(auth: CompanyAuthContext, employeeId: number) {
    const open = await repository.findOpenCheck(auth.companyId, employeeId);
    if (open && employeeId === auth.employeeId) return alreadyIn(open);
    return overlap();
  }

  function alreadyIn(open: CheckRow) {
    const time = toIsoInZone(open.checkIn.getTime(), open.branchTimezone).slice(11, 16);
    return AppError.conflict(`Вы уже отметили приход в ${time}`);
  }

  return {
    /**
     * `POST /checks/create` for managers and API keys. One statement writes the check, its
     * history and the Idempotency-Key; a repeat of the key answers the first check.
     */
    async createCheck(
      auth: CompanyAuthContext,
      input: CreateCheckValues,
      info: RequestInfo,
    ): Promise<{ check: Check; replayed: boolean }> {
      const nowMs = now();
      const inMs = Date.parse(input.checkInDateTime);
      const outMs = input.checkOutDateTime ? Date.parse(input.checkOutDateTime) : null;
      assertNotFuture('checkInDateTime', inMs, nowMs, 'Время прихода ещё не наступило');
      if (outMs !== null) {
        assertNotFuture('checkOutDateTime', outMs, nowMs, 'Время ухода ещё не наступило');
      }
      assertKeyBranch(auth, input.branchId);
      const idempotency = info.idempotencyKey
        ? { key: info.idempotencyKey, requestHash: requestHashOf(input) }
        : null;

      const replay = async (): Promise<{ check: Check; replayed: boolean } | null> => {
        if (!idempotency) return null;
        const stored = await repository.findIdempotencyKey(auth.companyId, idempotency.key);
        if (!stored) return null;
        if (stored.requestHash !== idempotency.requestHash) {
          throw AppError.validation(
            'Idempotency-Key',
            'Этот ключ идемпотентности уже использован с другими данными',
          );
        }
        const row = await repository.findCheck(auth.companyId, stored.checkId, {
          withDeleted: true,
        });
        if (!row) throw notFound();
        return { check: toCheck(row), replayed: true };
      };

      let row: CheckRow | undefined;
      try {
        row = await repository.insertCheck(
          auth.companyId,
          {
            employeeId: input.employeeId,
            branchId: input.branchId,
            checkIn: new Date(inMs),
            checkOut: outMs === null ? null : new Date(outMs),
            source: auth.apiKey ? 'API' : 'MANUAL',
            device: deviceOf(info.userAgent),
            apiKeyId: auth.apiKey?.id ?? null,
            createdBy: changedBy(auth),
          },
          {
            activeOnly: auth.apiKey !== undefined,
            impersonatorId: auth.impersonatorId,
            idempotency,
          },
        );
      } catch (error) {
        if (isUniqueViolation(error) || isExclusionViolation(error)) {
          const replayed = await replay();
          if (replayed) return replayed;
        }
        if (isExclusionViolation(error)) throw overlap();
        throw error;
      }
      if (!row) throw await refusalForMissingInsert(auth, input.employeeId, input.branchId);
      return { check: toCheck(row), replayed: false };
    },

    async listChecks(auth: CompanyAuthContext, query: ListChecksValues): Promise<Page<Check>> {
      const employeeId = auth.role === 'EMPLOYEE' ? auth.employeeId : query.employeeId;
      const filter: ChecksFilter = {
        employeeId,
        branchId: query.branchId,
        departmentId: query.departmentId,
        open: query.open,
      };
      let timezone: string | undefined;
      let lateTolerance = 0;
      if (query.from || query.to || query.late) {
        const company = await repository.findCompanySettings(auth.companyId);
        if (!company) throw AppError.notFound('Компания не найдена');
        timezone = company.timezone;
        lateTolerance = company.lateToleranceMinutes;
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
        return pageResult(items.map(toCheck), total, query);
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
      const nowMs = now();
      const lateIds = new Set<number>();
      if (employeeIds.length > 0) {
        const { plans } = await createPlanningService({ db }).planEmployees(
          auth.companyId,
          employeeIds,
          addDays(query.from, -1),
          query.to,
        );
        for (const id of employeeIds) {
          const plan = plans.get(id);
          if (!plan) continue;
          const dayPlans = plan.days.map(attendancePlanFromIso);
          const planOf = new Map(dayPlans.map((day) => [day.date, day]));
          const own = items
            .filter((row) => row.employeeId === id)
            .map((row) => ({
              row,
              inMs: row.checkIn.getTime(),
              outMs: row.checkOut?.getTime() ?? null,
            }));
          const zone = own[0]?.row.branchTimezone ?? timezone!;
          for (const [date, list] of assignChecksToDates(dayPlans, own, zone, nowMs)) {
            const dayPlan = planOf.get(date);
            if (!dayPlan) continue;
            const attendance = dayAttendance(dayPlan, list, {
              timezone: zone,
              lateToleranceMinutes: lateTolerance,
              nowMs,
            });
            if (!attendance.late) continue;
            const first = list.reduce((a, b) => (b.inMs < a.inMs ? b : a));
            lateIds.add(first.row.id);
          }
        }
      }
      const late = items.filter((row) => lateIds.has(row.id));
      const start = offsetOf(query);
      return pageResult(late.slice(start, start + query.limit).map(toCheck), late.length, query);
    },

    async getCheck(auth: CompanyAuthContext, checkId: number): Promise<Check> {
      return toCheck(await findVisibleCheck(auth, checkId));
    },

    async getHistory(
      auth: CompanyAuthContext,
      checkId: number,
    ): Promise<{ items: CheckHistoryEntry[] }> {
      await findVisibleCheck(auth, checkId, { withDeleted: true });
      const rows = await repository.findHistory(auth.companyId, checkId);
      return { items: rows.map(toHistoryEntry) };
    },

    /** A manager's correction: every change goes to the history with its reason. */
    async updateCheck(
      auth: CompanyAuthContext,
      checkId: number,
      input: UpdateCheckInput,
    ): Promise<Check> {
      const nowMs = now();
      try {
        await db.transaction(async (tx) => {
          const repo = createChecksRepository(tx);
          if (!(await repo.lockCheck(auth.companyId, checkId))) throw notFound();
          const current = (await repo.findCheck(auth.companyId, checkId))!;
          await repo.lockEmployeeChecks(current.employeeId);
          const checkIn = input.checkInDateTime ? new Date(input.checkInDateTime) : current.checkIn;
          const checkOut =
            input.checkOutDateTime === undefined
              ? current.checkOut
              : input.checkOutDateTime === null
                ? null
                : new Date(input.checkOutDateTime);
          const branchId = input.branchId ?? current.branchId;
          assertNotFuture(
            'checkInDateTime',
            checkIn.getTime(),
            nowMs,
            'Время прихода ещё не наступило',
          );
          if (checkOut) {
            assertNotFuture(
              'checkOutDateTime',
              checkOut.getTime(),
              nowMs,
              'Время ухода ещё не наступило',
            );
            if (checkOut <= checkIn) {
              throw AppError.validation('checkOutDateTime', 'Уход должен быть позже прихода');
            }
          }
          if (
            branchId !== current.branchId &&
            !(await repo.findBranchState(auth.companyId, branchId))
          ) {
            throw AppError.validation('branchId', 'Филиал не найден');
          }
          const outChanged =
            (checkOut?.getTime() ?? null) !== (current.checkOut?.getTime() ?? null);
          const autoClosed = outChanged ? false : current.autoClosed;
          await repo.updateCheck(
            auth.companyId,
            checkId,
            { branchId, checkIn, checkOut, autoClosed },
            changedBy(auth),
          );
          await repo.insertHistory(auth.companyId, {
            checkId,
            action: 'UPDATE',
            changedBy: changedBy(auth),
            impersonatorId: auth.impersonatorId,
            reason: input.reason,
            before: checkSnapshot(current),
            after: checkSnapshot({ branchId, checkIn, checkOut, autoClosed }),
          });
        });
      } catch (error) {
        if (isExclusionViolation(error)) throw overlap();
        throw error;
      }
      return toCheck((await repository.findCheck(auth.companyId, checkId))!);
    },

    /** Soft delete: the check leaves lists and reports, its history stays. */
    async deleteCheck(
      auth: CompanyAuthContext,
      checkId: number,
      input: DeleteCheckInput,
    ): Promise<{ result: 'deleted' }> {
      await db.transaction(async (tx) => {
        const repo = createChecksRepository(tx);
        if (!(await repo.lockCheck(auth.companyId, checkId))) throw notFound();
        const current = (await repo.findCheck(auth.companyId, checkId))!;
        await repo.updateCheck(
          auth.companyId,
          checkId,
          { deletedAt: new Date(now()) },
          changedBy(auth),
        );
        await repo.insertHistory(auth.companyId, {
          checkId,
          action: 'DELETE',
          changedBy: changedBy(auth),
          impersonatorId: auth.impersonatorId,
          reason: input.reason,
          before: checkSnapshot(current),
          after: null,
        });
      });
      return { result: 'deleted' };
    },

    /** Self check-in at the nearest allowed branch, on the server's clock. */
    async checkIn(
      auth: CompanyAuthContext,
      input: SelfCheckInput,
      info: RequestInfo,
    ): Promise<Check> {
      const nowMs = now();
      const open = await repository.findOpenCheck(auth.companyId, auth.employeeId);
      let staleOut: number | null = null;
      if (open) {
        staleOut = await staleCloseOf(auth.companyId, open, nowMs);
        if (staleOut === null) throw alreadyIn(open);
      }
      const branches = await repository.findSelfBranches(auth.companyId, auth.employeeId);
      if (branches.length === 0) {
        throw AppError.validation('branchId', 'В компании нет филиалов для отметки');
      }
      let chosen;
      if (input.branchId !== undefined) {
        const branch = branches.find((candidate) => candidate.id === input.branchId);
        if (!branch) throw AppError.validation('branchId', 'Этот филиал вам недоступен');
        chosen = geofence(branch, input, input.accuracy);
      } else {
        chosen = nearestBranch(branches, input, input.accuracy)!;
      }
      if (!chosen.inside) {
        const message = `Вы находитесь вне зоны филиала: ${chosen.beyond} м`;
        throw new AppError(ErrorCode.VALIDATION_ERROR, message, [{ field: 'latitude', message }]);
      }
      if (open && staleOut !== null) await autoClose(auth, open, staleOut);
      let row: CheckRow | undefined;
      try {
        row = await repository.insertCheck(
          auth.companyId,
          {
            employeeId: auth.employeeId,
            branchId: chosen.branch.id,
            checkIn: new Date(nowMs),
            checkOut: null,
            source: 'WEB',
            inLatitude: input.latitude,
            inLongitude: input.longitude,
            inAccuracy: input.accuracy ?? null,
            inDistance: chosen.distance,
            device: deviceOf(info.userAgent),
            apiKeyId: null,
            createdBy: auth.employeeId,
          },
          { activeOnly: false, impersonatorId: auth.impersonatorId, idempotency: null },
        );
      } catch (error) {
        if (isExclusionViolation(error)) throw await overlapMessageFor(auth, auth.employeeId);
        throw error;
      }
      if (!row) throw AppError.notFound('Филиал не найден');
      return toCheck(row);
    },

    /** Self check-out of the open check, at its branch, on the server's clock. */
    async checkOut(auth: CompanyAuthContext, input: SelfCheckOutInput): Promise<Check> {
      const nowMs = now();
      const open = await repository.findOpenCheck(auth.companyId, auth.employeeId);
      if (!open) throw AppError.conflict('Нет открытой отметки прихода');
      const staleOut = await staleCloseOf(auth.companyId, open, nowMs);
      if (staleOut !== null) {
        await autoClose(auth, open, staleOut);
        throw AppError.conflict(
          'Нет открытой отметки прихода: прошлая отметка закрыта автоматически по окончании смены',
        );
      }
      const branches = await repository.findSelfBranches(auth.companyId, auth.employeeId);
      const branch =
        branches.find((candidate) => candidate.id === open.branchId) ??
        (await repository.findBranchGeo(auth.companyId, open.branchId));
      if (!branch) throw AppError.notFound('Филиал не найден');
      const result = geofence(branch, input, input.accuracy);
      if (!result.inside) {
        const message = `Вы находитесь вне зоны филиала: ${result.beyond} м`;
        throw new AppError(ErrorCode.VALIDATION_ERROR, message, [{ field: 'latitude', message }]);
      }
      const outMs = Math.max(nowMs, open.checkIn.getTime() + 1);
      const closed = await repository.closeOpenCheck(auth.companyId, open.id, new Date(outMs), {
        autoClosed: false,
        updatedBy: auth.employeeId,
        outLatitude: input.latitude,
        outLongitude: input.longitude,
        outAccuracy: input.accuracy ?? null,
        outDistance: result.distance,
      });
      if (!closed) throw AppError.conflict('Нет открытой отметки прихода');
      return toCheck((await repository.findCheck(auth.companyId, open.id))!);
    },

    /**
     * A terminal's event. The punch is stored, then the employee's terminal checks from the
     * one before it on are re-paired from the stored punches (see punch-pairing.ts), so late
     * and out-of-order events give the same checks as punctual ones.
     */
    async punch(
      auth: CompanyAuthContext,
      input: PunchInput,
      info: RequestInfo,
    ): Promise<PunchResult> {
      const nowMs = now();
      const atMs = Date.parse(input.time);
      assertNotFuture('time', atMs, nowMs, 'Время события ещё не наступило');
      if (atMs < nowMs - PUNCH_MAX_AGE_MS) {
        throw AppError.validation('time', 'Событие старше 72 часов: внесите отметку вручную');
      }
      assertKeyBranch(auth, input.branchId);
      const employee = await repository.findPunchEmployee(auth.companyId, input);
      if (!employee) throw AppError.notFound('Сотрудник не найден');
      if (employee.status !== 'ACTIVE') {
        throw AppError.validation('employeeId', 'Сотрудник уволен или деактивирован');
      }
      const branch = await repository.findBranchState(auth.companyId, input.branchId);
      if (!branch) throw AppError.notFound('Филиал не найден');
      if (!branch.active) throw AppError.validation('branchId', 'Филиал в архиве');

      try {
        return await db.transaction(async (tx) => {
          const repo = createChecksRepository(tx);
          await repo.lockEmployeeChecks(employee.id);
          const inserted = await repo.insertPunch(auth.companyId, {
            deviceEventId: input.deviceEventId,
            employeeId: employee.id,
            branchId: input.branchId,
            at: new Date(atMs),
            apiKeyId: auth.apiKey?.id ?? null,
          });
          if (!inserted) {
            const seen = await repo.findPunchByEvent(auth.companyId, input.deviceEventId);
            const row = seen
              ? await repo.findCheckAt(auth.companyId, seen.employeeId, seen.at)
              : undefined;
            return { result: 'DUPLICATE' as const, check: row ? toCheck(row) : null };
          }

          const before = await repo.findTerminalCheckBefore(
            auth.companyId,
            employee.id,
            new Date(atMs),
          );
          const reaches =
            before &&
            (before.checkOut === null || before.checkOut.getTime() >= atMs - PUNCH_MAX_OPEN_MS);
          const since = reaches ? before.checkIn : new Date(atMs);
          const [punches, stored] = await Promise.all([
            repo.findPunchesSince(auth.companyId, employee.id, since),
            repo.findTerminalChecksSince(auth.companyId, employee.id, since),
          ]);
          const paired = pairPunches(
            punches.map((punch) => ({ atMs: punch.at.getTime(), branchId: punch.branchId })),
          );
          const changes = punchChanges(
            stored.map((check) => ({
              id: check.id,
              inMs: check.checkIn.getTime(),
              outMs: check.checkOut?.getTime() ?? null,
              autoClosed: check.autoClosed,
            })),
            paired,
          );
          const storedById = new Map(stored.map((check) => [check.id, check]));
          const history = (
            checkId: number,
            action: 'UPDATE' | 'DELETE',
            after: ReturnType<typeof checkSnapshot> | null,
          ) =>
            repo.insertHistory(auth.companyId, {
              checkId,
              action,
              changedBy: null,
              impersonatorId: null,
              reason: PUNCH_REPAIR_REASON,
              before: checkSnapshot(storedById.get(checkId)!),
              after,
            });
          // Shrink before growing, so that no intermediate state overlaps.
          for (const id of changes.remove) {
            await repo.updateCheck(auth.companyId, id, { deletedAt: new Date(nowMs) }, null);
            await history(id, 'DELETE', null);
          }
          const isShrink = (change: { id: number; outMs: number | null }) => {
            const old = storedById.get(change.id)!.checkOut?.getTime() ?? Infinity;
            return change.outMs !== null && change.outMs < old;
          };
          const applyUpdate = async (change: (typeof changes.update)[number]) => {
            const current = storedById.get(change.id)!;
            const checkOut = change.outMs === null ? null : new Date(change.outMs);
            await repo.updateCheck(
              auth.companyId,
              change.id,
              { checkOut, autoClosed: change.autoClosed },
              null,
            );
            await history(
              change.id,
              'UPDATE',
              checkSnapshot({ ...current, checkOut, autoClosed: change.autoClosed }),
            );
          };
          for (const change of changes.update.filter(isShrink)) await applyUpdate(change);
          for (const check of changes.insert) {
            await repo.insertCheck(
              auth.companyId,
              {
                employeeId: employee.id,
                branchId: check.branchId,
                checkIn: new Date(check.inMs),
                checkOut: check.outMs === null ? null : new Date(check.outMs),
                source: 'TERMINAL',
                autoClosed: check.autoClosed,
                device: deviceOf(info.userAgent),
                apiKeyId: auth.apiKey?.id ?? null,
                createdBy: null,
              },
              { activeOnly: false, impersonatorId: null, idempotency: null },
            );
          }
          for (const change of changes.update.filter((change) => !isShrink(change))) {
            await applyUpdate(change);
          }

          const outcome = punchOutcome(paired, atMs);
          const row =
            outcome.result === 'DUPLICATE'
              ? undefined
              : await repo.findCheckAt(auth.companyId, employee.id, new Date(atMs));
          return { result: outcome.result, check: row ? toCheck(row) : null };
        });
      } catch (error) {
        if (isExclusionViolation(error)) throw overlap();
        throw error;
      }
    },
  };
}
