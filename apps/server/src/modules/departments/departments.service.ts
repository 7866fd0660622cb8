import {
  ErrorCode,
  type CreateDepartmentInputSchema,
  type DeleteResult,
  type Department,
  type ListDepartmentsQuery,
  type Page,
  type UpdateDepartmentInput,
} from '@smena/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { toDepartment } from './departments.mappers.ts';
import {
  createDepartmentsRepository,
  type DepartmentsRepository,
} from './departments.repository.ts';

/** The create body after the contract's defaults were applied. */
export type CreateDepartmentValues = z.output<typeof CreateDepartmentInputSchema>;

const TITLE_UNIQUE = 'departments_company_title_unique';

const notFound = () => AppError.notFound('Отдел не найден');
const titleTaken = () =>
  new AppError(ErrorCode.CONFLICT, 'Отдел с таким названием уже есть', [
    { field: 'title', message: 'Отдел с таким названием уже есть' },
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

/**
 * Checks the references of a create or an update: the parent is a department of the company and
 * not the department itself or one of its descendants; the head is an active employee.
 */
async function assertReferences(
  repo: DepartmentsRepository,
  companyId: number,
  input: { parentId?: number | null | undefined; headEmployeeId?: number | null | undefined },
  departmentId: number | null,
) {
  if (typeof input.parentId === 'number') {
    if (!(await repo.departmentExists(companyId, input.parentId))) {
      throw AppError.validation('parentId', 'Отдел не найден');
    }
    if (
      departmentId !== null &&
      (input.parentId === departmentId ||
        (await repo.isSelfOrAncestor(companyId, departmentId, input.parentId)))
    ) {
      throw AppError.validation('parentId', 'Отдел не может входить сам в себя');
    }
  }
  if (
    typeof input.headEmployeeId === 'number' &&
    !(await repo.isActiveEmployee(companyId, input.headEmployeeId))
  ) {
    throw AppError.validation('headEmployeeId', 'Сотрудник не найден');
  }
}

export type DepartmentsService = ReturnType<typeof createDepartmentsService>;

export function createDepartmentsService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createDepartmentsRepository(db);

  async function getDepartment(
    auth: CompanyAuthContext,
    departmentId: number,
  ): Promise<Department> {
    const row = await repository.findDepartment(auth.companyId, departmentId);
    if (!row) throw notFound();
    return toDepartment(row);
  }

  return {
    getDepartment,

    async listDepartments(
      auth: CompanyAuthContext,
      query: ListDepartmentsQuery,
    ): Promise<Page<Department>> {
      const { items, total } = await repository.findDepartments(auth.companyId, query);
      return pageResult(items.map(toDepartment), total, query);
    },

    async createDepartment(
      auth: CompanyAuthContext,
      input: CreateDepartmentValues,
    ): Promise<Department> {
      const departmentId = await withTitleCheck(() =>
        db.transaction(async (tx) => {
          const repo = createDepartmentsRepository(tx);
          await repo.lockTree(auth.companyId);
          await assertReferences(repo, auth.companyId, input, null);
          return repo.insertDepartment(auth.companyId, input);
        }),
      );
      return getDepartment(auth, departmentId);
    },

    async updateDepartment(
      auth: CompanyAuthContext,
      departmentId: number,
      input: UpdateDepartmentInput,
    ): Promise<Department> {
      await withTitleCheck(() =>
        db.transaction(async (tx) => {
          const repo = createDepartmentsRepository(tx);
          await repo.lockTree(auth.companyId);
          // Another company's id answers 404 before anything about the body is said.
          if (!(await repo.lockDepartment(auth.companyId, departmentId))) throw notFound();
          await assertReferences(repo, auth.companyId, input, departmentId);
          await repo.updateDepartment(auth.companyId, departmentId, input);
        }),
      );
      return getDepartment(auth, departmentId);
    },

    /**
     * Refused while active employees work in the department; its sub-departments move up to its
     * parent, and former employees' links are cleared by the foreign key.
     */
    async deleteDepartment(auth: CompanyAuthContext, departmentId: number): Promise<DeleteResult> {
      return db.transaction(async (tx) => {
        const repo = createDepartmentsRepository(tx);
        await repo.lockTree(auth.companyId);
        const department = await repo.lockDepartment(auth.companyId, departmentId);
        if (!department) throw notFound();
        if ((await repo.countActiveEmployees(auth.companyId, departmentId)) > 0) {
          throw AppError.conflict('В отделе есть сотрудники — переведите их в другой отдел');
        }
        await repo.reparentChildren(auth.companyId, departmentId, department.parentId);
        await repo.deleteDepartment(auth.companyId, departmentId);
        return { result: 'deleted' as const };
      });
    },
  };
}
