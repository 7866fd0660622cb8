import {
  type NewPlanViolation,
  type PlanViolation,
  planViolationCodeLabels,
} from '@smena/contract';
import { addDays, planRuleViolations, planRulesCoverage } from '@smena/time';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { createPlanningService } from '../planning/index.ts';
import { createCalendarRepository } from './calendar.repository.ts';
import { monthRange } from './calendar.violations.ts';

/** A cell of the roster a write changes. */
export type ChangedCell = { employeeId: number; date: string };

/** The identity of a violation: a changed message (more hours over the norm) is the same one. */
const keyOf = (violation: PlanViolation) => `${violation.code}|${violation.from}|${violation.to}`;

/**
 * The whole months a change can touch: those of the changed dates and of the day before and
 * after each (an overnight shift, a rest across the month's edge), as one period.
 */
export function changedPeriod(cells: readonly ChangedCell[]): { from: string; to: string } {
  let first = cells[0]!.date;
  let last = first;
  for (const cell of cells) {
    if (cell.date < first) first = cell.date;
    if (cell.date > last) last = cell.date;
  }
  return {
    from: monthRange(addDays(first, -1).slice(0, 7)).from,
    to: monthRange(addDays(last, 1).slice(0, 7)).to,
  };
}

/** The violations of `after` that `before` does not hold. */
export function newViolations(
  before: readonly PlanViolation[],
  after: readonly PlanViolation[],
): PlanViolation[] {
  const known = new Set(before.map(keyOf));
  return after.filter((violation) => !known.has(keyOf(violation)));
}

/** The refusal a person reads: each rule broken with its article, once. */
export function refusalMessage(violations: readonly PlanViolation[]): string {
  const rules = [
    ...new Set(
      violations.map(
        (violation) => `ст. ${violation.article} — ${planViolationCodeLabels[violation.code]}`,
      ),
    ),
  ];
  return `Изменение нарушает ТК РФ: ${rules.join('; ')}`;
}

class RolledBack extends Error {}

/**
 * The Labour Code checks of a roster write (decision 026, «Проверки на каждое изменение»): the
 * employees' plans over the months the write touches are checked before and after it, in the
 * write's transaction, with two plannings of all of them (a fixed number of queries). What the
 * write brings is answered as warnings or, when the company's checks are hard stops, refused;
 * violations already there never refuse anything.
 */
export function createPlanRuleGuard(deps: { db: DbOrTx }) {
  async function violationsOf(
    tx: DbOrTx,
    companyId: number,
    employeeIds: number[],
    period: { from: string; to: string },
  ): Promise<Map<number, PlanViolation[]>> {
    const coverage = planRulesCoverage(period);
    const { plans, context } = await createPlanningService({ db: tx }).planEmployees(
      companyId,
      employeeIds,
      coverage.from,
      coverage.to,
      { schedulePlans: true },
    );
    const result = new Map<number, PlanViolation[]>();
    for (const employeeId of employeeIds) {
      const plan = plans.get(employeeId);
      if (!plan) continue;
      result.set(
        employeeId,
        planRuleViolations({
          timezone: plan.timezone,
          period,
          plans: plan.attendancePlans,
          schedulePlans: plan.schedulePlans,
          calendar: context.calendar,
        }),
      );
    }
    return result;
  }

  /** The new violations per employee: after the write less before it. */
  function brought(
    employeeIds: number[],
    before: Map<number, PlanViolation[]>,
    after: Map<number, PlanViolation[]>,
  ): Map<number, PlanViolation[]> {
    const result = new Map<number, PlanViolation[]>();
    for (const employeeId of employeeIds) {
      const found = newViolations(before.get(employeeId) ?? [], after.get(employeeId) ?? []);
      if (found.length > 0) result.set(employeeId, found);
    }
    return result;
  }

  async function named(
    tx: DbOrTx,
    auth: CompanyAuthContext,
    found: Map<number, PlanViolation[]>,
    names?: ReadonlyMap<number, string>,
  ): Promise<Map<number, NewPlanViolation[]>> {
    const result = new Map<number, NewPlanViolation[]>();
    if (found.size === 0) return result;
    let nameOf = names;
    if (!nameOf) {
      const rows = await createCalendarRepository(tx).findEmployeeNames(
        auth.companyId,
        auth.scope,
        [...found.keys()],
      );
      nameOf = new Map(rows.map((row) => [row.id, row.name]));
    }
    for (const [employeeId, violations] of found) {
      const name = nameOf.get(employeeId) ?? '';
      result.set(
        employeeId,
        violations.map((violation) => ({ ...violation, employeeId, name })),
      );
    }
    return result;
  }

  async function writeWithin(
    tx: DbOrTx,
    auth: CompanyAuthContext,
    cells: readonly ChangedCell[],
    apply: (tx: DbOrTx) => Promise<void>,
  ): Promise<NewPlanViolation[]> {
    const employeeIds = [...new Set(cells.map((cell) => cell.employeeId))];
    const period = changedPeriod(cells);
    const enforcement = await createCalendarRepository(tx).findPlanRuleEnforcement(auth.companyId);
    const before = await violationsOf(tx, auth.companyId, employeeIds, period);
    await apply(tx);
    const after = await violationsOf(tx, auth.companyId, employeeIds, period);
    const found = [...(await named(tx, auth, brought(employeeIds, before, after))).values()].flat();
    if (enforcement === 'BLOCK' && found.length > 0)
      throw AppError.planRulesViolated(refusalMessage(found), found);
    return found;
  }

  return {
    /**
     * One change, all or nothing (a roster date put or removed): in warn mode the write is kept
     * and the new violations answered; with hard stops a new violation refuses it with 422
     * (PLAN_RULES_VIOLATED) and nothing is written.
     */
    async write(
      auth: CompanyAuthContext,
      cells: readonly ChangedCell[],
      apply: (tx: DbOrTx) => Promise<void>,
    ): Promise<NewPlanViolation[]> {
      return deps.db.transaction((tx) => writeWithin(tx, auth, cells, apply));
    },

    /**
     * The same as `write` inside the caller's transaction (approving an open-shift claim or a
     * hand-over writes the roster together with the decision): a refusal throws, so the caller's
     * whole transaction rolls back.
     */
    writeWithin,

    /**
     * Many changes, one item per employee (bulk actions): `apply` writes the cells of the
     * employees it is given. With hard stops an employee whose cells bring a new violation is
     * refused as a whole (their cells rolled back to a savepoint, the others written again) —
     * employees' plans do not depend on one another, so the others' checks stand.
     */
    async writeEach(
      auth: CompanyAuthContext,
      cells: readonly ChangedCell[],
      names: ReadonlyMap<number, string>,
      apply: (tx: Tx, employeeIds: ReadonlySet<number>) => Promise<void>,
    ): Promise<{ warnings: NewPlanViolation[]; refused: Map<number, NewPlanViolation[]> }> {
      const employeeIds = [...new Set(cells.map((cell) => cell.employeeId))];
      if (employeeIds.length === 0) return { warnings: [], refused: new Map() };
      const period = changedPeriod(cells);
      return deps.db.transaction(async (tx) => {
        const enforcement = await createCalendarRepository(tx).findPlanRuleEnforcement(
          auth.companyId,
        );
        const before = await violationsOf(tx, auth.companyId, employeeIds, period);
        let found = new Map<number, NewPlanViolation[]>();
        try {
          await tx.transaction(async (savepoint) => {
            await apply(savepoint, new Set(employeeIds));
            const after = await violationsOf(savepoint, auth.companyId, employeeIds, period);
            found = await named(savepoint, auth, brought(employeeIds, before, after), names);
            if (enforcement === 'BLOCK' && found.size > 0) throw new RolledBack();
          });
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
          const allowed = new Set(employeeIds.filter((id) => !found.has(id)));
          if (allowed.size > 0) await apply(tx, allowed);
          return { warnings: [], refused: found };
        }
        return { warnings: [...found.values()].flat(), refused: new Map() };
      });
    },
  };
}
