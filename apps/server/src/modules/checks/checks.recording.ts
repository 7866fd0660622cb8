/**
 * Recording checks from outside a person's own phone: a manager's or an API key's check
 * (`POST /checks/create`, idempotent) and a terminal's punch.
 */
import { createHash } from 'node:crypto';
import {
  type Check,
  type CheckBatchInput,
  type CheckBatchItemResult,
  type CheckBatchResult,
  CreateCheckInputSchema,
  type ErrorResponse,
  ErrorCode,
  type PunchInput,
  type PunchResult,
} from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isExclusionViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { deviceOf, toCheck } from './checks.mappers.ts';
import { type CheckRow, checkSnapshot, createChecksRepository } from './checks.repository.ts';
import { PUNCH_MAX_OPEN_MS, pairPunches, punchChanges, punchOutcome } from './punch-pairing.ts';
import {
  type ChecksContext,
  type CreateCheckValues,
  type RequestInfo,
  PUNCH_MAX_AGE_MS,
  notFound,
  overlap,
  changedBy,
  assertNotFuture,
  assertPunchOpen,
  instantsOf,
} from './checks.shared.ts';
import { periodLockedError } from '../periods/index.ts';
import { isLimitedScope } from '../../db/employee-scope.ts';

const PUNCH_REPAIR_REASON = 'Отметки терминала пересчитаны по событиям устройства';

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

const KEY_REUSED_MESSAGE = 'Этот ключ идемпотентности уже использован с другими данными';

/** An error as the error handler would answer it: a batch item's refusal. */
function refusalOf(error: AppError): ErrorResponse {
  return {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  };
}

/** A batch item's body checked as `POST /checks/create` checks its body, with the same 422. */
function parseItem(item: Record<string, unknown>): CreateCheckValues | AppError {
  const { idempotencyKey: _key, ...body } = item;
  const parsed = CreateCheckInputSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : 'body',
    message: issue.message,
  }));
  return new AppError(
    ErrorCode.VALIDATION_ERROR,
    details[0] ? `Проверьте поля: ${details[0].message}` : 'Проверьте введённые данные',
    details,
  );
}

export function createCheckRecording(context: ChecksContext) {
  const { db, now, repository, lock } = context;

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

  /** The instants of a create, refused when in the future or at another branch than the key's. */
  function checkTimes(auth: CompanyAuthContext, input: CreateCheckValues, nowMs: number) {
    const inMs = Date.parse(input.checkInDateTime);
    const outMs = input.checkOutDateTime ? Date.parse(input.checkOutDateTime) : null;
    assertNotFuture('checkInDateTime', inMs, nowMs, 'Время прихода ещё не наступило');
    if (outMs !== null) {
      assertNotFuture('checkOutDateTime', outMs, nowMs, 'Время ухода ещё не наступило');
    }
    assertKeyBranch(auth, input.branchId);
    return { inMs, outMs };
  }

  return {
    /**
     * `POST /checks/batch`: each item as `POST /checks/create` with its Idempotency-Key would
     * answer it, in one insert statement for all of them (decision 015). Items are checked
     * first (422, 403 as the single create); the statement writes every item whose references
     * are the company's and that neither overlaps nor repeats a key, and skips the others; what
     * did not come back is then explained — a known key answers its check (or 422 for another
     * body), a missing or inactive reference 404 or 422, anything else the overlap's 409.
     */
    async createChecks(
      auth: CompanyAuthContext,
      input: CheckBatchInput,
      info: { userAgent: string | null },
    ): Promise<CheckBatchResult> {
      const nowMs = now();
      const results: CheckBatchItemResult[] = [];
      const pending: {
        index: number;
        employeeId: number;
        branchId: number;
        checkIn: Date;
        checkOut: Date | null;
        key: string;
        requestHash: string;
      }[] = [];
      const refuse = (index: number, key: string, error: AppError) => {
        results[index] = { idempotencyKey: key, result: 'refused', error: refusalOf(error) };
      };
      input.items.forEach((item, index) => {
        const key = item.idempotencyKey.trim();
        const values = parseItem(item);
        if (values instanceof AppError) return refuse(index, key, values);
        try {
          const { inMs, outMs } = checkTimes(auth, values, nowMs);
          pending.push({
            index,
            employeeId: values.employeeId,
            branchId: values.branchId,
            checkIn: new Date(inMs),
            checkOut: outMs === null ? null : new Date(outMs),
            key,
            requestHash: requestHashOf(values),
          });
        } catch (error) {
          if (error instanceof AppError) return refuse(index, key, error);
          throw error;
        }
      });

      if (isLimitedScope(auth.scope)) {
        // A limited manager records checks of their own employees only (decision 016).
        const inScope = await repository.findEmployeeIdsInScope(auth.companyId, auth.scope, [
          ...new Set(pending.map((item) => item.employeeId)),
        ]);
        for (const item of pending.filter((entry) => !inScope.has(entry.employeeId))) {
          refuse(item.index, item.key, AppError.notFound('Сотрудник не найден'));
        }
        pending.splice(
          0,
          pending.length,
          ...pending.filter((entry) => inScope.has(entry.employeeId)),
        );
      }
      // Items of an approved month are refused one by one (decision 022), in one query for all.
      const lockedMonths = await lock.findLockedMonths(
        auth.companyId,
        pending.map((item) => ({
          employeeId: item.employeeId,
          instants: instantsOf({ checkIn: item.checkIn, checkOut: item.checkOut }),
        })),
      );
      const open = pending.filter((item, position) => {
        const month = lockedMonths[position];
        if (month) refuse(item.index, item.key, periodLockedError(month));
        return !month;
      });
      // A terminal's late punches land in the deviations inbox as «после закрытия периода»
      // (decision 024); a person entering checks by hand sees the refusal instead.
      if (auth.apiKey)
        await repository.insertRefusals(
          auth.companyId,
          pending
            .filter((_item, position) => lockedMonths[position])
            .map((item) => ({
              employeeId: item.employeeId,
              // The item's branch is not checked against the company at this point.
              branchId: null,
              direction: null,
              reason: 'PERIOD_LOCKED' as const,
              at: item.checkIn,
              distance: null,
              accuracy: null,
            })),
        );
      pending.splice(0, pending.length, ...open);
      const activeOnly = auth.apiKey !== undefined;
      const inserted = await repository.insertChecks(
        auth.companyId,
        pending,
        {
          source: auth.apiKey ? 'API' : 'MANUAL',
          device: deviceOf(info.userAgent),
          apiKeyId: auth.apiKey?.id ?? null,
          createdBy: changedBy(auth),
        },
        { activeOnly, impersonatorId: auth.impersonatorId },
      );
      const created = new Map(inserted.map((row) => [row.idempotencyKey, row]));
      const left: typeof pending = [];
      const claimed = new Set<string>();
      for (const item of pending) {
        const row = created.get(item.key);
        // A key twice in one batch: the item that made the row is created, the other a repeat.
        if (row && row.idempotencyHash === item.requestHash && !claimed.has(item.key)) {
          claimed.add(item.key);
          results[item.index] = {
            idempotencyKey: item.key,
            result: 'created',
            check: toCheck(row),
          };
        } else {
          left.push(item);
        }
      }

      if (left.length > 0) {
        const stored = new Map(
          (
            await repository.findIdempotencyKeys(auth.companyId, [
              ...new Set(left.map((item) => item.key)),
            ])
          ).map((row) => [row.key, row]),
        );
        const replays = new Map(
          (
            await repository.findChecksByIds(auth.companyId, [
              ...new Set([...stored.values()].map((row) => row.checkId)),
            ])
          ).map((row) => [row.id, row]),
        );
        const unexplained = left.filter((item) => !stored.has(item.key));
        const refs = await repository.findReferenceSets(
          auth.companyId,
          [...new Set(unexplained.map((item) => item.employeeId))],
          [...new Set(unexplained.map((item) => item.branchId))],
        );
        for (const item of left) {
          const key = stored.get(item.key);
          if (key) {
            const replay = replays.get(key.checkId);
            if (key.requestHash !== item.requestHash) {
              refuse(
                item.index,
                item.key,
                AppError.validation('idempotencyKey', KEY_REUSED_MESSAGE),
              );
            } else if (!replay) {
              refuse(item.index, item.key, notFound());
            } else {
              results[item.index] = {
                idempotencyKey: item.key,
                result: 'replayed',
                check: toCheck(replay),
              };
            }
            continue;
          }
          const employee = refs.employees.get(item.employeeId);
          const branch = refs.branches.get(item.branchId);
          if (!employee) refuse(item.index, item.key, AppError.notFound('Сотрудник не найден'));
          else if (!branch) refuse(item.index, item.key, AppError.notFound('Филиал не найден'));
          else if (activeOnly && employee.status !== 'ACTIVE') {
            refuse(
              item.index,
              item.key,
              AppError.validation('employeeId', 'Сотрудник уволен или деактивирован'),
            );
          } else if (activeOnly && !branch.active) {
            refuse(item.index, item.key, AppError.validation('branchId', 'Филиал в архиве'));
          } else refuse(item.index, item.key, overlap());
        }
      }
      const tally = (result: CheckBatchItemResult['result']) =>
        results.filter((item) => item.result === result).length;
      return {
        items: results,
        created: tally('created'),
        replayed: tally('replayed'),
        refused: tally('refused'),
      };
    },
    /**
     * `POST /checks/create` for managers and API keys. One statement writes the check, its
     * history and the Idempotency-Key; a repeat of the key answers the first check.
     */
    async createCheck(
      auth: CompanyAuthContext,
      input: CreateCheckValues,
      info: RequestInfo,
    ): Promise<{ check: Check; replayed: boolean }> {
      const { inMs, outMs } = checkTimes(auth, input, now());
      if (
        isLimitedScope(auth.scope) &&
        !(
          await repository.findEmployeeIdsInScope(auth.companyId, auth.scope, [input.employeeId])
        ).has(input.employeeId)
      ) {
        throw AppError.notFound('Сотрудник не найден');
      }
      await lock.assertOpen(auth.companyId, [
        { employeeId: input.employeeId, instants: outMs === null ? [inMs] : [inMs, outMs] },
      ]);
      const idempotency = info.idempotencyKey
        ? { key: info.idempotencyKey, requestHash: requestHashOf(input) }
        : null;

      const replay = async (): Promise<{ check: Check; replayed: boolean } | null> => {
        if (!idempotency) return null;
        const stored = await repository.findIdempotencyKey(auth.companyId, idempotency.key);
        if (!stored) return null;
        if (stored.requestHash !== idempotency.requestHash) {
          throw AppError.validation('Idempotency-Key', KEY_REUSED_MESSAGE);
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
      await assertPunchOpen(context, auth.companyId, {
        employeeId: employee.id,
        atMs,
        branchId: input.branchId,
        direction: null,
      });

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
