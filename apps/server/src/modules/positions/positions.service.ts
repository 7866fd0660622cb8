import {
  ErrorCode,
  type CreatePositionInput,
  type DeleteResult,
  type ListPositionsQuery,
  type Page,
  type Position,
  type UpdatePositionInputSchema,
} from '@smena/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { toPosition } from './positions.mappers.ts';
import { createPositionsRepository } from './positions.repository.ts';

export type UpdatePositionValues = z.output<typeof UpdatePositionInputSchema>;

const TITLE_UNIQUE = 'positions_company_title_unique';

const notFound = () => AppError.notFound('Должность не найдена');
const titleTaken = () =>
  new AppError(ErrorCode.CONFLICT, 'Должность с таким названием уже есть', [
    { field: 'title', message: 'Должность с таким названием уже есть' },
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

export type PositionsService = ReturnType<typeof createPositionsService>;

export function createPositionsService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createPositionsRepository(db);

  async function getPosition(auth: CompanyAuthContext, positionId: number): Promise<Position> {
    const row = await repository.findPosition(auth.companyId, positionId);
    if (!row) throw notFound();
    return toPosition(row);
  }

  return {
    getPosition,

    async listPositions(
      auth: CompanyAuthContext,
      query: ListPositionsQuery,
    ): Promise<Page<Position>> {
      const { items, total } = await repository.findPositions(auth.companyId, query);
      return pageResult(items.map(toPosition), total, query);
    },

    async createPosition(auth: CompanyAuthContext, input: CreatePositionInput): Promise<Position> {
      const positionId = await withTitleCheck(() =>
        repository.insertPosition(auth.companyId, input),
      );
      return getPosition(auth, positionId);
    },

    async updatePosition(
      auth: CompanyAuthContext,
      positionId: number,
      input: UpdatePositionValues,
    ): Promise<Position> {
      const updated = await withTitleCheck(() =>
        repository.updatePosition(auth.companyId, positionId, input),
      );
      if (!updated) throw notFound();
      return getPosition(auth, positionId);
    },

    /** Refused while active employees hold it; former employees' links are cleared by the FK. */
    async deletePosition(auth: CompanyAuthContext, positionId: number): Promise<DeleteResult> {
      return db.transaction(async (tx) => {
        const repo = createPositionsRepository(tx);
        if (!(await repo.lockPosition(auth.companyId, positionId))) throw notFound();
        if ((await repo.countActiveEmployees(auth.companyId, positionId)) > 0) {
          throw AppError.conflict('Должность назначена сотрудникам');
        }
        await repo.deletePosition(auth.companyId, positionId);
        return { result: 'deleted' as const };
      });
    },
  };
}
