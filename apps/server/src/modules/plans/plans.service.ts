import {
  ErrorCode,
  GRACE_PERIOD_DAYS,
  PAYMENT_PERIODS,
  Role,
  TRIAL_DAYS,
  planStatusAt,
  type CompanyPlan,
  type CreatePlanInputSchema,
  type DeletePlanResult,
  type ListPlansQuery,
  type Page,
  type PaymentProvider,
  type Plan,
  type PublicPlan,
  type PublicPlans,
  type UpdatePlanInput,
} from '@smena/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { countActiveEmployees } from '../employees/index.ts';
import { createPlansRepository, type PlanRow } from './plans.repository.ts';

export type CreatePlanValues = z.output<typeof CreatePlanInputSchema>;

const TITLE_UNIQUE = 'plans_title_unique';
const DEFAULT_UNIQUE = 'plans_single_default';

const notFound = () => AppError.notFound('Тариф не найден');
const titleTaken = () =>
  new AppError(ErrorCode.CONFLICT, 'Тариф с таким названием уже есть', [
    { field: 'title', message: 'Тариф с таким названием уже есть' },
  ]);
const defaultMustBeActive = () =>
  AppError.validation('active', 'Основной тариф должен быть в продаже');

async function withUniqueChecks<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, TITLE_UNIQUE)) throw titleTaken();
    if (isUniqueViolation(error, DEFAULT_UNIQUE)) {
      throw AppError.conflict('Основной тариф только что изменился. Обновите страницу');
    }
    throw error;
  }
}

export function toPublicPlan(row: PlanRow): PublicPlan {
  return {
    id: row.id,
    title: row.title,
    pricePerUserKopecks: row.pricePerUserKopecks,
    trialDays: row.trialDays,
    discount3Months: row.discount3Months,
    discount6Months: row.discount6Months,
    discount12Months: row.discount12Months,
    minUsers: row.minUsers,
    isDefault: row.isDefault,
  };
}

function toPlan(row: { plan: PlanRow; paymentCount: number }): Plan {
  return {
    ...toPublicPlan(row.plan),
    active: row.plan.active,
    paymentCount: row.paymentCount,
    createdAt: row.plan.createdAt.toISOString(),
    updatedAt: row.plan.updatedAt.toISOString(),
  };
}

/**
 * Trial days of the plan new companies get (the constant when no plan exists yet, e.g. in a
 * database that was never seeded). Used by company registration.
 */
export async function defaultTrialDays(db: DbOrTx): Promise<number> {
  const plan = await createPlansRepository(db).findDefaultPlan();
  return plan?.trialDays ?? TRIAL_DAYS;
}

export type PlansService = ReturnType<typeof createPlansService>;

export function createPlansService(deps: { db: Db; provider: PaymentProvider; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createPlansRepository(db);

  async function getPlan(planId: number): Promise<Plan> {
    const row = await repository.findPlanWithUsage(planId);
    if (!row) throw notFound();
    return toPlan(row);
  }

  return {
    getPlan,

    async listPlans(query: ListPlansQuery): Promise<Page<Plan>> {
      const { items, total } = await repository.findPlans(query);
      return pageResult(items.map(toPlan), total, query);
    },

    async createPlan(input: CreatePlanValues): Promise<Plan> {
      if (input.isDefault && !input.active) throw defaultMustBeActive();
      const planId = await withUniqueChecks(() =>
        db.transaction(async (tx) => {
          const repo = createPlansRepository(tx);
          await repo.lockDefaultPlan(tx);
          if (input.isDefault) await repo.clearDefaultExcept(null);
          return repo.insertPlan(input);
        }),
      );
      return getPlan(planId);
    },

    async updatePlan(planId: number, input: UpdatePlanInput): Promise<Plan> {
      await withUniqueChecks(() =>
        db.transaction(async (tx) => {
          const repo = createPlansRepository(tx);
          await repo.lockDefaultPlan(tx);
          const current = await repo.findPlan(planId);
          if (!current) throw notFound();
          if (current.isDefault && input.isDefault === false) {
            throw AppError.validation(
              'isDefault',
              'Основной тариф должен быть всегда: назначьте основным другой тариф',
            );
          }
          const willBeDefault = input.isDefault ?? current.isDefault;
          if (willBeDefault && !(input.active ?? current.active)) throw defaultMustBeActive();
          if (input.isDefault && !current.isDefault) await repo.clearDefaultExcept(planId);
          await repo.updatePlan(planId, input);
        }),
      );
      return getPlan(planId);
    },

    /** Deletes an unused plan; one that payments refer to is taken off sale so history stays. */
    async deletePlan(planId: number): Promise<DeletePlanResult> {
      return db.transaction(async (tx) => {
        const repo = createPlansRepository(tx);
        await repo.lockDefaultPlan(tx);
        const current = await repo.findPlan(planId);
        if (!current) throw notFound();
        if (current.isDefault) {
          throw AppError.conflict(
            'Основной тариф нельзя удалить: сначала назначьте основным другой',
          );
        }
        if (await repo.isPlanUsed(planId)) {
          await repo.updatePlan(planId, { active: false });
          return { result: 'archived' as const };
        }
        await repo.deletePlan(planId);
        return { result: 'deleted' as const };
      });
    },

    async publicPlans(): Promise<PublicPlans> {
      const rows = await repository.findActivePlans();
      return {
        items: rows.map(toPublicPlan),
        periods: [...PAYMENT_PERIODS],
        gracePeriodDays: GRACE_PERIOD_DAYS,
      };
    },

    async companyPlan(auth: CompanyAuthContext): Promise<CompanyPlan> {
      const [company, current, active, activeUsers] = await Promise.all([
        repository.findCompanyTerms(auth.companyId),
        repository.findCompanyPlan(auth.companyId),
        repository.findActivePlans(),
        countActiveEmployees(db, auth.companyId),
      ]);
      if (!company) throw AppError.notFound('Компания не найдена');
      if (!current) throw new AppError(ErrorCode.INTERNAL_ERROR, 'Тарифы не настроены');
      const status = planStatusAt(company.paidUntil, now());
      const availablePlans = [
        ...active.filter((plan) => plan.id === current.id),
        ...active.filter((plan) => plan.id !== current.id),
      ].map(toPublicPlan);
      return {
        plan: toPublicPlan(current),
        availablePlans,
        userLimit: company.userLimit,
        activeUsers,
        paidUntil: company.paidUntil?.toISOString() ?? null,
        daysLeft: status.daysLeft,
        graceUntil: status.graceUntil?.toISOString() ?? null,
        gracePeriodDays: GRACE_PERIOD_DAYS,
        isTrial: company.isTrial,
        state: status.state,
        provider: deps.provider,
        canPay: auth.role === Role.ADMIN,
      };
    },
  };
}
