/**
 * Open shifts and hand-overs (decision 029). A manager posts a shift without an employee; eligible
 * employees claim it; a claim applies (at once, or when a manager approves it) by writing the
 * claimer's roster in the same transaction as the decision. An employee offers their shift to a
 * colleague or to anyone eligible; a colleague accepts; a manager approves, and both rosters
 * change in one transaction. Every roster write goes through the calendar's `writeRoster` (the
 * month lock); every step keeps who and when, and is told to those concerned.
 */
import {
  type AvailabilityMark,
  type AvailableOpenShiftList,
  type ClaimWithShift,
  type CreateOpenShiftInputSchema,
  type DayPlan,
  type ListOpenShiftsQuery,
  type MySwaps,
  type OfferSwapInputSchema,
  type OpenShift,
  type OpenShiftClaim,
  type ReasonInput,
  type RosterShift,
  type ShiftExchangePending,
  type ShiftSwap,
  type SwapColleague,
  MAX_ROSTER_SHIFTS,
  shiftExchangeMessages as messages,
} from '@smena/contract';
import { addDays, localDateOf, wallSpanMinutes, wallTimeToMs } from '@smena/time';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createAvailabilityRepository, toAvailabilityMark } from '../availability/index.ts';
import { rosterOfPlan } from '../bulk/index.ts';
import { createPlanRuleGuard, writeRoster } from '../calendar/index.ts';
import {
  notifyClaimDecided,
  notifyClaimWaiting,
  notifyOpenShiftCancelled,
  notifyOpenShiftPosted,
  notifySwapAccepted,
  notifySwapDecided,
  notifySwapOffered,
} from '../notifications/index.ts';
import { createPlanningService } from '../planning/index.ts';
import {
  type ClaimRow,
  type OpenShiftRow,
  type SwapRow,
  createShiftExchangeRepository,
} from './shift-exchange.repository.ts';

export type CreateOpenShiftValues = z.output<typeof CreateOpenShiftInputSchema>;
export type OfferSwapValues = z.output<typeof OfferSwapInputSchema>;

/** The employee's list of open shifts reaches this many days ahead. */
export const OPEN_SHIFTS_DAYS_AHEAD = 62;

const openShiftNotFound = () => AppError.notFound('Открытая смена не найдена');
const claimNotFound = () => AppError.notFound('Заявка не найдена');
const swapNotFound = () => AppError.notFound('Предложение обмена не найдено');

type Shape = { date: string; start: string; end: string; breakMinutes: number };
type Member = Awaited<
  ReturnType<ReturnType<typeof createShiftExchangeRepository>['findMembers']>
>[number];

/** The instants of a wall-time shift of a date in a zone (an end at or before the start: next day). */
function spanOf(shape: Shape, timezone: string) {
  const startMs = wallTimeToMs(shape.date, shape.start, timezone);
  return { startMs, endMs: startMs + wallSpanMinutes(shape.start, shape.end) * 60_000 };
}

function sameShift(a: RosterShift, b: { start: string; end: string; breakMinutes: number }) {
  return a.start === b.start && a.end === b.end && a.breakMinutes === b.breakMinutes;
}

/**
 * Whether `member` may take `shape` at `branchId` on its date, given their plans of the day
 * before, the date and the day after: the roster of the date they would get (their current
 * shifts plus this one), or the reason they may not. `excluding` is a shift of the date that
 * leaves them at the same time (none for a claim).
 */
function fitShift(
  member: Member,
  shape: Shape & { branchId: number; positionId: number | null; timezone: string },
  days: readonly DayPlan[],
): { shifts: RosterShift[] } | { refusal: string } {
  if (
    member.status !== 'ACTIVE' ||
    (member.hireDate !== null && member.hireDate > shape.date) ||
    (member.dismissedAt !== null && member.dismissedAt < shape.date)
  )
    return { refusal: 'В эту дату сотрудник не работает в компании' };
  if (!member.branchIds.map(Number).includes(shape.branchId))
    return { refusal: messages.notEligible };
  if (shape.positionId !== null && member.positionId !== shape.positionId)
    return { refusal: messages.notEligible };
  const day = days.find((plan) => plan.date === shape.date);
  if (day?.kind === 'DAY_OFF') return { refusal: messages.dayOff };
  const current = day && day.kind === 'WORK' ? rosterOfPlan(day) : [];
  if (current === null)
    return { refusal: 'В этот день у сотрудника свободный график: поставьте смену вручную' };
  if (current.length >= MAX_ROSTER_SHIFTS) return { refusal: messages.tooManyShifts };
  const span = spanOf(shape, shape.timezone);
  const overlaps = days.some((plan) =>
    plan.shifts.some(
      (shift) => Date.parse(shift.start) < span.endMs && Date.parse(shift.end) > span.startMs,
    ),
  );
  if (overlaps) return { refusal: messages.overlap };
  const added = { start: shape.start, end: shape.end, breakMinutes: shape.breakMinutes };
  return { shifts: [...current, added].sort((a, b) => a.start.localeCompare(b.start)) };
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function toClaim(row: ClaimRow, mark: AvailabilityMark | null): OpenShiftClaim {
  return {
    id: row.id,
    openShiftId: row.openShiftId,
    employeeId: row.employeeId,
    employeeName: row.employeeName ?? '',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedByName: row.decidedByName,
    decidedAt: iso(row.decidedAt),
    reason: row.reason,
    availability: mark,
  };
}

function toShift(row: OpenShiftRow): Omit<OpenShift, 'claims'> {
  return {
    id: row.id,
    branchId: row.branchId,
    branchTitle: row.branchTitle,
    positionId: row.positionId,
    positionTitle: row.positionTitle,
    date: row.date,
    start: row.start,
    end: row.end,
    breakMinutes: row.breakMinutes,
    headcount: row.headcount,
    filled: Number(row.filled),
    comment: row.comment,
    status: row.status,
    postedByName: row.postedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

function toSwap(row: SwapRow, mark: AvailabilityMark | null): ShiftSwap {
  return {
    id: row.id,
    branchId: row.branchId,
    branchTitle: row.branchTitle,
    date: row.date,
    start: row.start,
    end: row.end,
    breakMinutes: row.breakMinutes,
    fromEmployeeId: row.fromEmployeeId,
    fromName: row.fromName ?? '',
    toEmployeeId: row.toEmployeeId,
    toName: row.toName,
    acceptedById: row.acceptedById,
    acceptedByName: row.acceptedByName,
    acceptedAt: iso(row.acceptedAt),
    comment: row.comment,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedByName: row.decidedByName,
    decidedAt: iso(row.decidedAt),
    reason: row.reason,
    availability: mark,
  };
}

export type ShiftExchangeService = ReturnType<typeof createShiftExchangeService>;

export function createShiftExchangeService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createShiftExchangeRepository(db);
  const availability = createAvailabilityRepository(db);
  // Claims and hand-overs change the plan like any roster write: the company's Labour Code
  // checks apply (decision 026), a hard stop refuses the approval as a whole.
  const planRules = createPlanRuleGuard({ db });

  /** Plans of the employees around `from`–`to` (a day either side, for overnight shifts). */
  async function daysAround(
    tx: DbOrTx,
    companyId: number,
    employeeIds: number[],
    from: string,
    to: string,
  ): Promise<Map<number, DayPlan[]>> {
    if (employeeIds.length === 0) return new Map();
    const { plans } = await createPlanningService({ db: tx }).planEmployees(
      companyId,
      employeeIds,
      addDays(from, -1),
      addDays(to, 1),
    );
    return new Map(employeeIds.map((id) => [id, plans.get(id)?.days ?? []]));
  }

  /** The marks of employees on dates, by `employeeId|date` (one query). */
  async function marksOf(companyId: number, pairs: { employeeId: number; date: string }[]) {
    const byKey = new Map<string, AvailabilityMark>();
    if (pairs.length === 0) return byKey;
    const dates = pairs.map((pair) => pair.date).sort();
    const rows = await availability.findMarks(
      companyId,
      [...new Set(pairs.map((pair) => pair.employeeId))],
      dates[0]!,
      dates[dates.length - 1]!,
    );
    for (const row of rows) byKey.set(`${row.employeeId}|${row.date}`, toAvailabilityMark(row));
    return byKey;
  }

  async function companyToday(auth: CompanyAuthContext, timezone: string) {
    return localDateOf(now(), timezone);
  }

  async function shiftsWithClaims(
    auth: CompanyAuthContext,
    rows: OpenShiftRow[],
  ): Promise<OpenShift[]> {
    const claims = await repository.findClaims(auth.companyId, {
      openShiftIds: rows.map((row) => row.id),
      scope: auth.scope,
    });
    const dateOf = new Map(rows.map((row) => [row.id, row.date]));
    const marks = await marksOf(
      auth.companyId,
      claims.map((claim) => ({
        employeeId: claim.employeeId,
        date: dateOf.get(claim.openShiftId)!,
      })),
    );
    return rows.map((row) => ({
      ...toShift(row),
      claims: claims
        .filter((claim) => claim.openShiftId === row.id)
        .map((claim) => toClaim(claim, marks.get(`${claim.employeeId}|${row.date}`) ?? null)),
    }));
  }

  async function getOpenShift(auth: CompanyAuthContext, id: number): Promise<OpenShift> {
    const rows = await repository.findOpenShifts(auth.companyId, { ids: [id], scope: auth.scope });
    if (rows.length === 0) throw openShiftNotFound();
    return (await shiftsWithClaims(auth, rows))[0]!;
  }

  async function getClaim(auth: CompanyAuthContext, id: number): Promise<ClaimWithShift> {
    const [claim] = await repository.findClaims(auth.companyId, { ids: [id] });
    if (!claim) throw claimNotFound();
    const [shift] = await repository.findOpenShifts(auth.companyId, { ids: [claim.openShiftId] });
    const marks = await marksOf(auth.companyId, [
      { employeeId: claim.employeeId, date: shift!.date },
    ]);
    return {
      ...toClaim(claim, marks.get(`${claim.employeeId}|${shift!.date}`) ?? null),
      shift: toShift(shift!),
    };
  }

  async function getSwap(auth: CompanyAuthContext, id: number): Promise<ShiftSwap> {
    const [row] = await repository.findSwaps(auth.companyId, { ids: [id] });
    if (!row) throw swapNotFound();
    return (await swapsWithMarks(auth, [row]))[0]!;
  }

  async function swapsWithMarks(auth: CompanyAuthContext, rows: SwapRow[]) {
    const marks = await marksOf(
      auth.companyId,
      rows.flatMap((row) =>
        row.acceptedById !== null ? [{ employeeId: row.acceptedById, date: row.date }] : [],
      ),
    );
    return rows.map((row) =>
      toSwap(
        row,
        row.acceptedById !== null ? (marks.get(`${row.acceptedById}|${row.date}`) ?? null) : null,
      ),
    );
  }

  /**
   * Applies a claim inside the caller's transaction, under the open shift's row lock: the place
   * is still free, the claimer still fits, the roster is written and the claim approved.
   */
  async function applyClaim(
    tx: DbOrTx,
    auth: CompanyAuthContext,
    claim: { id: number; openShiftId: number; employeeId: number },
    decidedBy: number | null,
    fromStatuses: readonly ClaimRow['status'][],
  ) {
    const { companyId } = auth;
    const repo = createShiftExchangeRepository(tx);
    await repo.lockOpenShift(companyId, claim.openShiftId);
    const [shift] = await repo.findOpenShifts(companyId, { ids: [claim.openShiftId] });
    if (!shift) throw openShiftNotFound();
    if (shift.status === 'CANCELLED') throw AppError.conflict(messages.cancelled);
    if (Number(shift.filled) >= shift.headcount) throw AppError.conflict(messages.full);
    const [member] = await repo.findMembers(companyId, [claim.employeeId]);
    if (!member) throw claimNotFound();
    const days =
      (await daysAround(tx, companyId, [member.id], shift.date, shift.date)).get(member.id) ?? [];
    const fit = fitShift(member, { ...shift, timezone: shift.timezone }, days);
    if ('refusal' in fit) throw AppError.conflict(fit.refusal);
    const entries = [{ employeeId: member.id, date: shift.date, shifts: fit.shifts }];
    await planRules.writeWithin(tx, auth, entries, (guarded) =>
      writeRoster(guarded, companyId, entries),
    );
    if (fromStatuses.length > 0) {
      const settled = await repo.settleClaim(
        claim.id,
        { status: 'APPROVED', decidedBy: decidedBy ?? member.id },
        fromStatuses,
      );
      if (!settled) throw AppError.conflict(messages.decided);
    }
    await notifyClaimDecided(tx, {
      companyId,
      claimId: claim.id,
      userIds: [member.userId],
      date: shift.date,
      start: shift.start,
      end: shift.end,
      approved: true,
      reason: null,
    });
  }

  return {
    // ---------------------------------------------------------------- manager: open shifts

    async createOpenShift(
      auth: CompanyAuthContext,
      input: CreateOpenShiftValues,
    ): Promise<OpenShift> {
      const branch = await repository.findBranch(auth.companyId, input.branchId);
      const inScope =
        auth.scope.kind === 'COMPANY' ||
        (auth.scope.kind === 'UNITS' && auth.scope.branchIds.includes(input.branchId));
      if (!branch || !inScope) throw AppError.notFound('Филиал не найден');
      const positionId = input.positionId ?? null;
      if (positionId !== null && !(await repository.positionExists(auth.companyId, positionId)))
        throw AppError.validation('positionId', 'Должность не найдена');
      if (input.date < (await companyToday(auth, branch.timezone)))
        throw AppError.validation('date', messages.past);
      const staff = await repository.findBranchStaff(
        auth.companyId,
        branch.id,
        positionId,
        input.date,
      );
      const days = await daysAround(
        db,
        auth.companyId,
        staff.map((member) => member.id),
        input.date,
        input.date,
      );
      const span = spanOf(input, branch.timezone);
      // Who is told: the branch's staff (with the position) free at that time on that date.
      const free = staff.filter(
        (member) =>
          !(days.get(member.id) ?? []).some(
            (plan) =>
              (plan.date === input.date && plan.kind === 'DAY_OFF') ||
              plan.shifts.some(
                (shift) =>
                  Date.parse(shift.start) < span.endMs && Date.parse(shift.end) > span.startMs,
              ),
          ),
      );
      const id = await db.transaction(async (tx) => {
        const repo = createShiftExchangeRepository(tx);
        const openShiftId = await repo.insertOpenShift({
          companyId: auth.companyId,
          branchId: branch.id,
          positionId,
          date: input.date,
          startTime: input.start,
          endTime: input.end,
          breakMinutes: input.breakMinutes,
          headcount: input.headcount,
          comment: input.comment,
          postedBy: auth.employeeId,
        });
        await notifyOpenShiftPosted(tx, {
          companyId: auth.companyId,
          openShiftId,
          userIds: free.filter((member) => member.id !== auth.employeeId).map((m) => m.userId),
          branchTitle: branch.title,
          date: input.date,
          start: input.start,
          end: input.end,
        });
        return openShiftId;
      });
      return getOpenShift(auth, id);
    },

    async listOpenShifts(
      auth: CompanyAuthContext,
      query: ListOpenShiftsQuery,
    ): Promise<{ items: OpenShift[] }> {
      const rows = await repository.findOpenShifts(auth.companyId, {
        from: query.from,
        to: query.to,
        branchId: query.branchId,
        status: query.status,
        scope: auth.scope,
      });
      return { items: await shiftsWithClaims(auth, rows) };
    },

    /** Cancels an open shift: its waiting claims are rejected; approved ones stay in the roster. */
    async cancelOpenShift(auth: CompanyAuthContext, id: number): Promise<OpenShift> {
      await db.transaction(async (tx) => {
        const repo = createShiftExchangeRepository(tx);
        const [row] = await repo.findOpenShifts(auth.companyId, { ids: [id], scope: auth.scope });
        if (!row) throw openShiftNotFound();
        await repo.lockOpenShift(auth.companyId, id);
        if (!(await repo.cancelOpenShift(auth.companyId, id, auth.employeeId)))
          throw AppError.conflict('Смена уже отменена');
        const rejected = await repo.rejectPendingClaimsOf(id, auth.employeeId, messages.cancelled);
        const members = await repo.findMembers(
          auth.companyId,
          rejected.map((claim) => claim.employeeId),
        );
        await notifyOpenShiftCancelled(tx, {
          companyId: auth.companyId,
          openShiftId: id,
          userIds: members.map((member) => member.userId),
          date: row.date,
          start: row.start,
          end: row.end,
        });
      });
      return getOpenShift(auth, id);
    },

    async listClaims(
      auth: CompanyAuthContext,
      status: ClaimRow['status'] | undefined,
    ): Promise<{ items: ClaimWithShift[] }> {
      const claims = await repository.findClaims(auth.companyId, { status, scope: auth.scope });
      const shifts = await repository.findOpenShifts(auth.companyId, {
        ids: [...new Set(claims.map((claim) => claim.openShiftId))],
      });
      const byId = new Map(shifts.map((shift) => [shift.id, shift]));
      const marks = await marksOf(
        auth.companyId,
        claims.map((claim) => ({
          employeeId: claim.employeeId,
          date: byId.get(claim.openShiftId)!.date,
        })),
      );
      return {
        items: claims.map((claim) => {
          const shift = byId.get(claim.openShiftId)!;
          return {
            ...toClaim(claim, marks.get(`${claim.employeeId}|${shift.date}`) ?? null),
            shift: toShift(shift),
          };
        }),
      };
    },

    async approveClaim(auth: CompanyAuthContext, id: number): Promise<ClaimWithShift> {
      await db.transaction(async (tx) => {
        const repo = createShiftExchangeRepository(tx);
        const [visible] = await repo.findClaims(auth.companyId, { ids: [id], scope: auth.scope });
        if (!visible) throw claimNotFound();
        const claim = await repo.lockClaim(auth.companyId, id);
        if (!claim) throw claimNotFound();
        if (claim.employeeId === auth.employeeId)
          throw AppError.forbidden('Свою заявку рассматривает другой руководитель');
        if (claim.status !== 'PENDING') throw AppError.conflict(messages.decided);
        await applyClaim(tx, auth, claim, auth.employeeId, ['PENDING']);
      });
      return getClaim(auth, id);
    },

    async rejectClaim(
      auth: CompanyAuthContext,
      id: number,
      input: ReasonInput,
    ): Promise<ClaimWithShift> {
      await db.transaction(async (tx) => {
        const repo = createShiftExchangeRepository(tx);
        const [visible] = await repo.findClaims(auth.companyId, { ids: [id], scope: auth.scope });
        if (!visible) throw claimNotFound();
        const claim = await repo.lockClaim(auth.companyId, id);
        if (!claim) throw claimNotFound();
        if (claim.employeeId === auth.employeeId)
          throw AppError.forbidden('Свою заявку рассматривает другой руководитель');
        if (
          !(await repo.settleClaim(id, {
            status: 'REJECTED',
            decidedBy: auth.employeeId,
            reason: input.reason,
          }))
        )
          throw AppError.conflict(messages.decided);
        const [shift] = await repo.findOpenShifts(auth.companyId, { ids: [claim.openShiftId] });
        const [member] = await repo.findMembers(auth.companyId, [claim.employeeId]);
        await notifyClaimDecided(tx, {
          companyId: auth.companyId,
          claimId: id,
          userIds: member ? [member.userId] : [],
          date: shift!.date,
          start: shift!.start,
          end: shift!.end,
          approved: false,
          reason: input.reason,
        });
      });
      return getClaim(auth, id);
    },

    async countPending(auth: CompanyAuthContext): Promise<ShiftExchangePending> {
      return repository.countPending(auth.companyId, auth.scope);
    },

    // ---------------------------------------------------------------- employee: open shifts

    /** Open shifts of the caller's branches (and position) with free places they fit. */
    async listAvailable(auth: CompanyAuthContext): Promise<AvailableOpenShiftList> {
      const [me] = await repository.findMembers(auth.companyId, [auth.employeeId]);
      if (!me) throw AppError.notFound('Сотрудник не найден');
      const mode = await repository.findCompanyMode(auth.companyId);
      const today = localDateOf(now() - 86_400_000, 'UTC');
      const to = addDays(today, OPEN_SHIFTS_DAYS_AHEAD);
      const rows = await repository.findOpenShifts(auth.companyId, {
        from: today,
        to,
        branchIds: me.branchIds.map(Number),
        status: 'OPEN',
      });
      const mine = await repository.findClaims(auth.companyId, {
        openShiftIds: rows.map((row) => row.id),
        employeeId: me.id,
      });
      const days = (await daysAround(db, auth.companyId, [me.id], today, to)).get(me.id) ?? [];
      const items = rows.flatMap((row) => {
        if (row.date < localDateOf(now(), row.timezone)) return [];
        const claim =
          mine.find((c) => c.openShiftId === row.id && c.status !== 'WITHDRAWN') ?? null;
        if (!claim) {
          if (Number(row.filled) >= row.headcount) return [];
          if ('refusal' in fitShift(me, row, days)) return [];
        }
        const { availability: _unused, ...myClaim } = claim
          ? toClaim(claim, null)
          : { availability: null };
        return [
          {
            ...toShift(row),
            myClaim: claim ? (myClaim as Omit<OpenShiftClaim, 'availability'>) : null,
          },
        ];
      });
      return { items, mode };
    },

    /**
     * The caller claims a place: with the company's «apply at once» the roster is written now
     * (under the shift's lock: of two claims on the last place one wins, the other gets 409),
     * else the claim waits for a manager.
     */
    async claim(auth: CompanyAuthContext, openShiftId: number): Promise<ClaimWithShift> {
      const [me] = await repository.findMembers(auth.companyId, [auth.employeeId]);
      const [shift] = await repository.findOpenShifts(auth.companyId, {
        ids: [openShiftId],
        branchIds: me ? me.branchIds.map(Number) : [],
      });
      if (!me || !shift) throw openShiftNotFound();
      if (shift.date < localDateOf(now(), shift.timezone)) throw AppError.conflict(messages.past);
      const mode = await repository.findCompanyMode(auth.companyId);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const repo = createShiftExchangeRepository(tx);
          await repo.lockOpenShift(auth.companyId, openShiftId);
          const [locked] = await repo.findOpenShifts(auth.companyId, { ids: [openShiftId] });
          if (locked!.status === 'CANCELLED') throw AppError.conflict(messages.cancelled);
          if (Number(locked!.filled) >= locked!.headcount) throw AppError.conflict(messages.full);
          const days =
            (await daysAround(tx, auth.companyId, [me.id], shift.date, shift.date)).get(me.id) ??
            [];
          const fit = fitShift(me, shift, days);
          if ('refusal' in fit) throw AppError.conflict(fit.refusal);
          const claimId = await repo.insertClaim(auth.companyId, {
            openShiftId,
            employeeId: me.id,
            approved: false,
          });
          if (mode === 'AUTO') {
            await applyClaim(tx, auth, { id: claimId, openShiftId, employeeId: me.id }, me.id, [
              'PENDING',
            ]);
          } else {
            await notifyClaimWaiting(tx, {
              companyId: auth.companyId,
              claimId,
              employeeId: me.id,
              employeeUserId: me.userId,
              name: me.name ?? '',
              date: shift.date,
              start: shift.start,
              end: shift.end,
            });
          }
          return claimId;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(messages.alreadyClaimed);
        throw error;
      }
      return getClaim(auth, id);
    },

    /** The caller takes back their waiting claim; anyone else's is not found. */
    async withdrawClaim(auth: CompanyAuthContext, id: number): Promise<ClaimWithShift> {
      await db.transaction(async (tx) => {
        const repo = createShiftExchangeRepository(tx);
        const claim = await repo.lockClaim(auth.companyId, id);
        if (!claim || claim.employeeId !== auth.employeeId) throw claimNotFound();
        if (!(await repo.settleClaim(id, { status: 'WITHDRAWN', decidedBy: auth.employeeId })))
          throw AppError.conflict(messages.decided);
      });
      return getClaim(auth, id);
    },

    // ---------------------------------------------------------------- hand-overs

    /** Colleagues of the caller's branch who could take their shift of the date. */
    async listColleagues(
      auth: CompanyAuthContext,
      date: string,
      start: string,
    ): Promise<{ items: SwapColleague[] }> {
      const { shift, branch, me } = await findOwnShift(auth, date, start, undefined);
      const staff = await repository.findBranchStaff(auth.companyId, branch.id, null, date);
      const others = staff.filter((member) => member.id !== me.id);
      const members = await repository.findMembers(
        auth.companyId,
        others.map((m) => m.id),
      );
      const days = await daysAround(
        db,
        auth.companyId,
        members.map((m) => m.id),
        date,
        date,
      );
      const shape = {
        ...shift,
        date,
        branchId: branch.id,
        positionId: me.positionId,
        timezone: branch.timezone,
      };
      return {
        items: members
          .filter((member) => !('refusal' in fitShift(member, shape, days.get(member.id) ?? [])))
          .map((member) => ({ id: member.id, name: member.name ?? '' }))
          .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
      };
    },

    async offerSwap(auth: CompanyAuthContext, input: OfferSwapValues): Promise<ShiftSwap> {
      const { shift, branch, me } = await findOwnShift(
        auth,
        input.date,
        input.start,
        input.branchId,
      );
      const shape = {
        ...shift,
        date: input.date,
        branchId: branch.id,
        positionId: me.positionId,
        timezone: branch.timezone,
      };
      let recipients: number[];
      if (input.toEmployeeId) {
        if (input.toEmployeeId === me.id)
          throw AppError.validation('toEmployeeId', messages.colleague);
        const [to] = await repository.findMembers(auth.companyId, [input.toEmployeeId]);
        if (!to || !to.branchIds.map(Number).includes(branch.id))
          throw AppError.validation('toEmployeeId', messages.colleague);
        const days = await daysAround(db, auth.companyId, [to.id], input.date, input.date);
        const fit = fitShift(to, shape, days.get(to.id) ?? []);
        if ('refusal' in fit)
          throw AppError.validation(
            'toEmployeeId',
            `Коллега не может взять смену: ${fit.refusal.toLowerCase()}`,
          );
        recipients = [to.userId];
      } else {
        const staff = await repository.findBranchStaff(
          auth.companyId,
          branch.id,
          me.positionId,
          input.date,
        );
        const members = await repository.findMembers(
          auth.companyId,
          staff.filter((m) => m.id !== me.id).map((m) => m.id),
        );
        const days = await daysAround(
          db,
          auth.companyId,
          members.map((m) => m.id),
          input.date,
          input.date,
        );
        recipients = members
          .filter((member) => !('refusal' in fitShift(member, shape, days.get(member.id) ?? [])))
          .map((member) => member.userId);
      }
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const swapId = await createShiftExchangeRepository(tx).insertSwap({
            companyId: auth.companyId,
            branchId: branch.id,
            fromEmployeeId: me.id,
            date: input.date,
            startTime: shift.start,
            endTime: shift.end,
            breakMinutes: shift.breakMinutes,
            toEmployeeId: input.toEmployeeId ?? null,
            comment: input.comment,
          });
          await notifySwapOffered(tx, {
            companyId: auth.companyId,
            swapId,
            userIds: recipients,
            fromName: me.name ?? '',
            date: input.date,
            start: shift.start,
            end: shift.end,
          });
          return swapId;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(messages.offered);
        throw error;
      }
      return getSwap(auth, id);
    },

    async listMySwaps(auth: CompanyAuthContext): Promise<MySwaps> {
      const [me] = await repository.findMembers(auth.companyId, [auth.employeeId]);
      if (!me) throw AppError.notFound('Сотрудник не найден');
      const today = localDateOf(now() - 86_400_000, 'UTC');
      const [offered, mine] = await Promise.all([
        repository.findSwaps(auth.companyId, {
          statuses: ['OFFERED'],
          offeredTo: { employeeId: me.id, branchIds: me.branchIds.map(Number) },
          fromDate: today,
        }),
        repository.findSwaps(auth.companyId, { fromEmployeeId: me.id, fromDate: today }),
      ]);
      // An offer to anyone eligible reaches only those it fits (branch, position, free time).
      const open = offered.filter((row) => row.toEmployeeId === null);
      const days = open.length
        ? await daysAround(
            db,
            auth.companyId,
            [me.id],
            open.map((r) => r.date).sort()[0]!,
            open
              .map((r) => r.date)
              .sort()
              .at(-1)!,
          )
        : new Map<number, DayPlan[]>();
      const givers = await repository.findMembers(
        auth.companyId,
        open.map((row) => row.fromEmployeeId),
      );
      const fits = (row: SwapRow) => {
        if (row.toEmployeeId !== null) return true;
        const giver = givers.find((g) => g.id === row.fromEmployeeId);
        return !(
          'refusal' in
          fitShift(me, { ...row, positionId: giver?.positionId ?? null }, days.get(me.id) ?? [])
        );
      };
      return {
        offeredToMe: offered.filter(fits).map((row) => toSwap(row, null)),
        mine: mine.map((row) => toSwap(row, null)),
      };
    },

    /** A colleague takes the offer; it now waits for a manager. */
    async acceptSwap(auth: CompanyAuthContext, id: number): Promise<ShiftSwap> {
      await db.transaction(async (tx) => {
        const repo = createShiftExchangeRepository(tx);
        if (!(await repo.lockSwap(auth.companyId, id))) throw swapNotFound();
        const [row] = await repo.findSwaps(auth.companyId, { ids: [id] });
        const members = await repo.findMembers(auth.companyId, [
          auth.employeeId,
          row!.fromEmployeeId,
        ]);
        const me = members.find((m) => m.id === auth.employeeId);
        const giver = members.find((m) => m.id === row!.fromEmployeeId);
        if (!me || !giver || row!.fromEmployeeId === me.id) throw swapNotFound();
        if (row!.toEmployeeId !== null && row!.toEmployeeId !== me.id) throw swapNotFound();
        if (!me.branchIds.map(Number).includes(row!.branchId)) throw swapNotFound();
        if (row!.status !== 'OFFERED') throw AppError.conflict(messages.swapDecided);
        const days = await daysAround(tx, auth.companyId, [me.id, giver.id], row!.date, row!.date);
        assertGiverStillHas(row!, days.get(giver.id) ?? []);
        const fit = fitShift(me, { ...row!, positionId: giver.positionId }, days.get(me.id) ?? []);
        if ('refusal' in fit) throw AppError.conflict(fit.refusal);
        await repo.updateSwap(id, ['OFFERED'], {
          status: 'ACCEPTED',
          acceptedBy: me.id,
          acceptedAt: new Date(now()),
        });
        await notifySwapAccepted(tx, {
          companyId: auth.companyId,
          swapId: id,
          date: row!.date,
          start: row!.start,
          end: row!.end,
          from: { employeeId: giver.id, userId: giver.userId },
          taker: { employeeId: me.id, userId: me.userId, name: me.name ?? '' },
        });
      });
      return getSwap(auth, id);
    },

    /** The named colleague declines: the offer is cancelled (an open one simply is not taken). */
    async declineSwap(auth: CompanyAuthContext, id: number): Promise<ShiftSwap> {
      await db.transaction(async (tx) => {
        const repo = createShiftExchangeRepository(tx);
        if (!(await repo.lockSwap(auth.companyId, id))) throw swapNotFound();
        const [row] = await repo.findSwaps(auth.companyId, { ids: [id] });
        if (row!.toEmployeeId !== auth.employeeId) throw swapNotFound();
        if (
          !(await repo.updateSwap(id, ['OFFERED'], {
            status: 'CANCELLED',
            decidedBy: auth.employeeId,
            decidedAt: new Date(now()),
            reason: 'Коллега отказался',
          }))
        )
          throw AppError.conflict(messages.swapDecided);
        const [giver] = await repo.findMembers(auth.companyId, [row!.fromEmployeeId]);
        await notifySwapDecided(tx, {
          companyId: auth.companyId,
          swapId: id,
          userIds: giver ? [giver.userId] : [],
          date: row!.date,
          start: row!.start,
          end: row!.end,
          approved: false,
          reason: 'Коллега отказался',
        });
      });
      return getSwap(auth, id);
    },

    /** The giver takes back their offer while no manager has decided. */
    async cancelSwap(auth: CompanyAuthContext, id: number): Promise<ShiftSwap> {
      await db.transaction(async (tx) => {
        const repo = createShiftExchangeRepository(tx);
        if (!(await repo.lockSwap(auth.companyId, id))) throw swapNotFound();
        const [row] = await repo.findSwaps(auth.companyId, { ids: [id] });
        if (row!.fromEmployeeId !== auth.employeeId) throw swapNotFound();
        if (
          !(await repo.updateSwap(id, ['OFFERED', 'ACCEPTED'], {
            status: 'CANCELLED',
            decidedBy: auth.employeeId,
            decidedAt: new Date(now()),
          }))
        )
          throw AppError.conflict(messages.swapDecided);
      });
      return getSwap(auth, id);
    },

    async listSwaps(
      auth: CompanyAuthContext,
      status: SwapRow['status'] | undefined,
    ): Promise<{ items: ShiftSwap[] }> {
      const rows = await repository.findSwaps(auth.companyId, { status, scope: auth.scope });
      return { items: await swapsWithMarks(auth, rows) };
    },

    /**
     * A manager approves an accepted hand-over: under the swap's lock, the giver must still have
     * the shift as offered and the taker still fit; both dates are written (the giver's without
     * the shift — rest when nothing remains — and the taker's with it), the swap approved and both
     * told, in one transaction. Anything refused changes nothing.
     */
    async approveSwap(auth: CompanyAuthContext, id: number): Promise<ShiftSwap> {
      await decideSwap(auth, id, async (tx, row, giver, taker) => {
        const days = await daysAround(tx, auth.companyId, [giver.id, taker.id], row.date, row.date);
        const remaining = assertGiverStillHas(row, days.get(giver.id) ?? []);
        const fit = fitShift(
          taker,
          { ...row, positionId: giver.positionId },
          days.get(taker.id) ?? [],
        );
        if ('refusal' in fit)
          throw AppError.conflict(`Обмен не применён: ${fit.refusal.toLowerCase()}`);
        const entries = [
          { employeeId: giver.id, date: row.date, shifts: remaining },
          { employeeId: taker.id, date: row.date, shifts: fit.shifts },
        ];
        await planRules.writeWithin(tx, auth, entries, (guarded) =>
          writeRoster(guarded, auth.companyId, entries),
        );
        return { status: 'APPROVED' as const, reason: null };
      });
      return getSwap(auth, id);
    },

    async rejectSwap(auth: CompanyAuthContext, id: number, input: ReasonInput): Promise<ShiftSwap> {
      await decideSwap(auth, id, async () => ({
        status: 'REJECTED' as const,
        reason: input.reason,
      }));
      return getSwap(auth, id);
    },
  };

  /** The giver's shift of the date as planned now; 404 when they have no such shift. */
  async function findOwnShift(
    auth: CompanyAuthContext,
    date: string,
    start: string,
    branchId: number | undefined,
  ) {
    const [me] = await repository.findMembers(auth.companyId, [auth.employeeId]);
    if (!me) throw AppError.notFound('Сотрудник не найден');
    const myBranches = me.branchIds.map(Number);
    const chosen = branchId ?? myBranches[0];
    if (chosen === undefined || !myBranches.includes(chosen))
      throw AppError.validation('branchId', 'Вы не работаете в этом филиале');
    const branch = (await repository.findBranch(auth.companyId, chosen))!;
    if (date < localDateOf(now(), branch.timezone))
      throw AppError.validation('date', messages.past);
    const days = (await daysAround(db, auth.companyId, [me.id], date, date)).get(me.id) ?? [];
    const day = days.find((plan) => plan.date === date);
    const shift =
      day && day.kind === 'WORK'
        ? (rosterOfPlan(day) ?? []).find((s) => s.start === start)
        : undefined;
    if (!shift) throw AppError.validation('start', messages.noShift);
    return { shift, branch, me };
  }

  /** The giver's roster of the date without the offered shift; 409 when their plan changed. */
  function assertGiverStillHas(row: SwapRow, days: readonly DayPlan[]): RosterShift[] {
    const day = days.find((plan) => plan.date === row.date);
    const current = day && day.kind === 'WORK' ? (rosterOfPlan(day) ?? []) : [];
    const index = current.findIndex((shift) => sameShift(shift, row));
    if (index < 0) throw AppError.conflict(messages.planChanged);
    return current.filter((_, position) => position !== index);
  }

  async function decideSwap(
    auth: CompanyAuthContext,
    id: number,
    apply: (
      tx: DbOrTx,
      row: SwapRow,
      giver: Member,
      taker: Member,
    ) => Promise<{ status: 'APPROVED' | 'REJECTED'; reason: string | null }>,
  ) {
    await db.transaction(async (tx) => {
      const repo = createShiftExchangeRepository(tx);
      const [visible] = await repo.findSwaps(auth.companyId, { ids: [id], scope: auth.scope });
      if (!visible) throw swapNotFound();
      await repo.lockSwap(auth.companyId, id);
      const [row] = await repo.findSwaps(auth.companyId, { ids: [id] });
      if (row!.status !== 'ACCEPTED' || row!.acceptedById === null)
        throw AppError.conflict(
          row!.status === 'OFFERED' ? 'Коллега ещё не принял смену' : messages.swapDecided,
        );
      const members = await repo.findMembers(auth.companyId, [
        row!.fromEmployeeId,
        row!.acceptedById,
      ]);
      const giver = members.find((m) => m.id === row!.fromEmployeeId)!;
      const taker = members.find((m) => m.id === row!.acceptedById)!;
      if (auth.employeeId === giver.id || auth.employeeId === taker.id)
        throw AppError.forbidden('Свой обмен рассматривает другой руководитель');
      const outcome = await apply(tx, row!, giver, taker);
      if (
        !(await repo.updateSwap(id, ['ACCEPTED'], {
          status: outcome.status,
          decidedBy: auth.employeeId,
          decidedAt: new Date(now()),
          reason: outcome.reason,
        }))
      )
        throw AppError.conflict(messages.swapDecided);
      await notifySwapDecided(tx, {
        companyId: auth.companyId,
        swapId: id,
        userIds: [giver.userId, taker.userId],
        date: row!.date,
        start: row!.start,
        end: row!.end,
        approved: outcome.status === 'APPROVED',
        reason: outcome.reason,
      });
    });
  }
}
