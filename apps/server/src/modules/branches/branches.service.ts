import {
  ErrorCode,
  type Branch,
  type CreateBranchInputSchema,
  type DeleteResult,
  type ListBranchesQuery,
  type Page,
  type UpdateBranchInput,
} from '@smena/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { toBranch } from './branches.mappers.ts';
import { createBranchesRepository } from './branches.repository.ts';

/** The create body after the contract's defaults were applied. */
export type CreateBranchValues = z.output<typeof CreateBranchInputSchema>;

const TITLE_UNIQUE = 'branches_company_title_unique';
const FALLBACK_TIMEZONE = 'Europe/Moscow';

const notFound = () => AppError.notFound('Филиал не найден');
const titleTaken = () =>
  new AppError(ErrorCode.CONFLICT, 'Филиал с таким названием уже есть', [
    { field: 'title', message: 'Филиал с таким названием уже есть' },
  ]);

/** The unique index decides, so two simultaneous requests cannot both take a title. */
async function withTitleCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, TITLE_UNIQUE)) throw titleTaken();
    throw error;
  }
}

export type BranchesService = ReturnType<typeof createBranchesService>;

export function createBranchesService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createBranchesRepository(db);

  async function getBranch(auth: CompanyAuthContext, branchId: number): Promise<Branch> {
    const row = await repository.findBranch(auth.companyId, branchId);
    if (!row) throw notFound();
    return toBranch(row);
  }

  async function assertCity(cityId: number | null | undefined) {
    if (typeof cityId === 'number' && !(await repository.cityExists(cityId))) {
      throw AppError.validation('cityId', 'Выберите город из списка');
    }
  }

  return {
    getBranch,

    async listBranches(auth: CompanyAuthContext, query: ListBranchesQuery): Promise<Page<Branch>> {
      const { items, total } = await repository.findBranches(auth.companyId, query);
      return pageResult(items.map(toBranch), total, query);
    },

    async createBranch(auth: CompanyAuthContext, input: CreateBranchValues): Promise<Branch> {
      await assertCity(input.cityId);
      const timezone =
        input.timezone ??
        (await repository.findCompanyTimezone(auth.companyId)) ??
        FALLBACK_TIMEZONE;
      const branchId = await withTitleCheck(() =>
        repository.insertBranch(auth.companyId, { ...input, timezone }),
      );
      return getBranch(auth, branchId);
    },

    async updateBranch(
      auth: CompanyAuthContext,
      branchId: number,
      input: UpdateBranchInput,
    ): Promise<Branch> {
      // Another company's id answers 404 before anything about the body is said.
      if (!(await repository.findBranch(auth.companyId, branchId))) throw notFound();
      await assertCity(input.cityId);
      const updated = await withTitleCheck(() =>
        repository.updateBranch(auth.companyId, branchId, input),
      );
      if (!updated) throw notFound();
      return getBranch(auth, branchId);
    },

    /** Deletes an unused branch; one that records refer to is archived so that history stays. */
    async deleteBranch(auth: CompanyAuthContext, branchId: number): Promise<DeleteResult> {
      return db.transaction(async (tx) => {
        const repo = createBranchesRepository(tx);
        if (!(await repo.lockBranch(auth.companyId, branchId))) throw notFound();
        if (await repo.isBranchUsed(auth.companyId, branchId)) {
          await repo.archiveBranch(auth.companyId, branchId);
          return { result: 'archived' as const };
        }
        await repo.deleteBranch(auth.companyId, branchId);
        return { result: 'deleted' as const };
      });
    },
  };
}
