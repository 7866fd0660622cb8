import type { MonthPeriod, MonthPeriodKey, MonthPeriods, MonthPeriodStatus } from '@smena/contract';
import { monthPeriodStatusLabels } from '@smena/contract';
import { toIsoInZone } from '@smena/time';
import type { Db } from '../../db/client.ts';
import { COMPANY_SCOPE, type EmployeeScope } from '../../db/employee-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { createAuditRepository } from '../audit/index.ts';
import { type PeriodRow, type UnitKey, createPeriodsRepository } from './periods.repository.ts';

export type PeriodsService = ReturnType<typeof createPeriodsService>;

type Unit = UnitKey & { title: string };

const conflictByStatus: Record<MonthPeriodStatus, string> = {
  DRAFT: 'Месяц ещё не передан на утверждение',
  SUBMITTED: 'Месяц уже передан на утверждение',
  APPROVED: 'Месяц уже утверждён',
};

function unitOf(key: {
  branchId?: number | undefined;
  departmentId?: number | undefined;
}): UnitKey {
  return key.branchId !== undefined
    ? { kind: 'BRANCH', id: key.branchId }
    : { kind: 'DEPARTMENT', id: key.departmentId! };
}

/** Whether a manager's scope holds the unit (decision 016): ADMIN and company managers all. */
function scopeHoldsUnit(auth: { scope: EmployeeScope }, unit: UnitKey): boolean {
  const { scope } = auth;
  if (scope.kind === 'COMPANY') return true;
  if (scope.kind === 'SELF') return false;
  return unit.kind === 'BRANCH'
    ? scope.branchIds.includes(unit.id)
    : scope.departmentIds.includes(unit.id);
}

/**
 * The approval of a month per branch or department (decision 022): list, submit (a manager of
 * the unit or an admin), approve and reopen (an admin). Each step is one conditional update, so
 * of two concurrent requests one wins and the other answers 409; each is audited with who, when
 * and why in the same transaction.
 */
export function createPeriodsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createPeriodsRepository(db);

  /** The unit of the company in the caller's scope, else 404 (as another company's). */
  async function getUnit(
    auth: { companyId: number; scope: EmployeeScope },
    unit: UnitKey,
  ): Promise<Unit> {
    const [row] = scopeHoldsUnit(auth, unit)
      ? await repository.findUnits(auth.companyId, unit.kind, [unit.id])
      : [];
    if (!row) {
      throw AppError.notFound(unit.kind === 'BRANCH' ? 'Филиал не найден' : 'Отдел не найден');
    }
    return { ...unit, title: row.title };
  }

  async function toPeriods(
    companyId: number,
    month: string,
    units: readonly Unit[],
    rows: readonly PeriodRow[],
  ): Promise<MonthPeriod[]> {
    const people = new Set<number>();
    for (const row of rows) {
      for (const id of [row.submittedBy, row.approvedBy, row.reopenedBy]) {
        if (id !== null) people.add(id);
      }
    }
    const names = new Map(
      (await repository.findNames(companyId, [...people])).map((row) => [row.id, row.name]),
    );
    const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
    const iso = (value: Date | null) => value?.toISOString() ?? null;
    return units.map((unit) => {
      const row = rows.find((candidate) =>
        unit.kind === 'BRANCH'
          ? candidate.branchId === unit.id
          : candidate.departmentId === unit.id,
      );
      return {
        month,
        unit: { kind: unit.kind, id: unit.id, title: unit.title },
        status: (row?.status ?? 'DRAFT') as MonthPeriodStatus,
        submittedBy: person(row?.submittedBy ?? null),
        submittedAt: iso(row?.submittedAt ?? null),
        approvedBy: person(row?.approvedBy ?? null),
        approvedAt: iso(row?.approvedAt ?? null),
        reopenedBy: person(row?.reopenedBy ?? null),
        reopenedAt: iso(row?.reopenedAt ?? null),
        reopenReason: row?.reopenReason ?? null,
      };
    });
  }

  /** One step of the approval: the row moved in one statement, audited in the same transaction. */
  async function step(
    auth: CompanyAuthContext,
    key: MonthPeriodKey,
    change: {
      action: 'SUBMIT' | 'APPROVE' | 'REOPEN';
      from: readonly MonthPeriodStatus[];
      values: (at: Date) => Parameters<ReturnType<typeof createPeriodsRepository>['transition']>[4];
      reason?: string;
    },
  ): Promise<MonthPeriod> {
    const unit = await getUnit(auth, unitOf(key));
    const at = new Date(now());
    const row = await db.transaction(async (tx) => {
      const repo = createPeriodsRepository(tx);
      await repo.ensurePeriod(auth.companyId, key.month, unit);
      const moved = await repo.transition(
        auth.companyId,
        key.month,
        unit,
        change.from,
        change.values(at),
      );
      if (!moved) {
        const current = await repo.findPeriod(auth.companyId, key.month, unit);
        throw AppError.conflict(
          conflictByStatus[(current?.status ?? 'DRAFT') as MonthPeriodStatus],
        );
      }
      await createAuditRepository(tx).record({
        companyId: auth.companyId,
        userId: auth.userId,
        impersonatorId: auth.impersonatorId,
        action: `MONTH_PERIOD_${change.action}`,
        entity: 'month_period',
        entityId: String(moved.id),
        details: {
          month: key.month,
          branchId: moved.branchId,
          departmentId: moved.departmentId,
          employeeId: auth.employeeId,
          ...(change.reason === undefined ? {} : { reason: change.reason }),
        },
      });
      return moved;
    });
    const [period] = await toPeriods(auth.companyId, key.month, [unit], [row]);
    return period!;
  }

  /** Every branch and department in the caller's scope with its month's state, or the one asked. */
  async function listPeriods(
    auth: { companyId: number; scope: EmployeeScope },
    query: { month: string; branchId?: number | undefined; departmentId?: number | undefined },
  ): Promise<MonthPeriods> {
    let units: Unit[];
    if (query.branchId !== undefined || query.departmentId !== undefined) {
      units = [
        await getUnit(auth, unitOf({ branchId: query.branchId, departmentId: query.departmentId })),
      ];
    } else {
      const { scope } = auth;
      const limited = scope.kind === 'UNITS' ? scope : null;
      const [branchRows, departmentRows] = await Promise.all([
        repository.findUnits(auth.companyId, 'BRANCH', limited?.branchIds),
        repository.findUnits(auth.companyId, 'DEPARTMENT', limited?.departmentIds),
      ]);
      units = [
        ...branchRows.map((row) => ({ kind: 'BRANCH' as const, ...row })),
        ...departmentRows.map((row) => ({ kind: 'DEPARTMENT' as const, ...row })),
      ];
    }
    const rows = await repository.findPeriods(auth.companyId, query.month);
    return {
      month: query.month,
      items: await toPeriods(auth.companyId, query.month, units, rows),
    };
  }

  return {
    listPeriods,

    /**
     * The month's approval for a file's head, in the company's time: the unit's state when the
     * file is of one branch or department, else the units already approved. `line` for the T-13
     * («Состояние месяца (филиал «Склад»): Утверждён, утвердил …»), `status` for the payroll
     * export's row «Статус периода» («Утверждён, утвердил … (филиал «Склад»)»).
     */
    async approval(
      caller: { companyId: number; scope: EmployeeScope } | number,
      filters: { month: string; branchId?: number | undefined; departmentId?: number | undefined },
      timezone: string,
    ): Promise<{ line: string; status: string }> {
      const auth =
        typeof caller === 'number' ? { companyId: caller, scope: COMPANY_SCOPE } : caller;
      const oneUnit = (filters.branchId === undefined) !== (filters.departmentId === undefined);
      const { items } = await listPeriods(auth, {
        month: filters.month,
        ...(oneUnit ? { branchId: filters.branchId, departmentId: filters.departmentId } : {}),
      });
      const at = (value: string | null) =>
        value ? toIsoInZone(Date.parse(value), timezone).slice(0, 16).replace('T', ' ') : '';
      const unitName = (period: MonthPeriod) =>
        `${period.unit.kind === 'BRANCH' ? 'филиал' : 'отдел'} «${period.unit.title}»`;
      const who = (period: MonthPeriod) =>
        period.status === 'APPROVED'
          ? `, утвердил ${period.approvedBy?.name ?? ''} ${at(period.approvedAt)}`
          : period.status === 'SUBMITTED'
            ? `, передал ${period.submittedBy?.name ?? ''} ${at(period.submittedAt)}`
            : '';
      if (oneUnit && items[0]) {
        const period = items[0];
        const state = `${monthPeriodStatusLabels[period.status]}${who(period)}`;
        return {
          line: `Состояние месяца (${unitName(period)}): ${state}`,
          status: `${state} (${unitName(period)})`,
        };
      }
      const approved = items.filter((period) => period.status === 'APPROVED');
      if (approved.length === 0)
        return { line: 'Состояние месяца: не утверждён', status: 'Не утверждён' };
      const list = approved.map((period) => `${unitName(period)}${who(period)}`).join('; ');
      return { line: `Месяц утверждён: ${list}`, status: `Утверждён: ${list}` };
    },

    submitPeriod(auth: CompanyAuthContext, key: MonthPeriodKey) {
      return step(auth, key, {
        action: 'SUBMIT',
        from: ['DRAFT'],
        values: (at) => ({ status: 'SUBMITTED', submittedBy: auth.employeeId, submittedAt: at }),
      });
    },

    approvePeriod(auth: CompanyAuthContext, key: MonthPeriodKey) {
      return step(auth, key, {
        action: 'APPROVE',
        from: ['SUBMITTED'],
        values: (at) => ({ status: 'APPROVED', approvedBy: auth.employeeId, approvedAt: at }),
      });
    },

    reopenPeriod(auth: CompanyAuthContext, key: MonthPeriodKey & { reason: string }) {
      return step(auth, key, {
        action: 'REOPEN',
        from: ['SUBMITTED', 'APPROVED'],
        reason: key.reason,
        values: (at) => ({
          status: 'DRAFT',
          submittedBy: null,
          submittedAt: null,
          approvedBy: null,
          approvedAt: null,
          reopenedBy: auth.employeeId,
          reopenedAt: at,
          reopenReason: key.reason,
        }),
      });
    },
  };
}
