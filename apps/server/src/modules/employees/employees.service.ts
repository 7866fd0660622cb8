import { randomBytes } from 'node:crypto';
import {
  EMPLOYEE_INVITED_MESSAGE,
  ErrorCode,
  MIN_YEAR,
  Role,
  type CompanyInvitation,
  type CreateEmployeeInputSchema,
  type EmployeeInvited,
  type DismissEmployeeInput,
  type Employee,
  type FieldError,
  type ListEmployeesQuery,
  type ManagerScope,
  type ManagerScopeInputSchema,
  type Page,
  type UpdateEmployeeInput,
} from '@smena/contract';
import type { z } from 'zod';
import { addDays } from '@smena/time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isLimitedScope, scopeCovers, type EmployeeScope } from '../../db/employee-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { offsetOf, pageResult } from '../../lib/pagination.ts';
import { createAuthRepository } from '../auth/index.ts';
import { hashPassword } from '../../lib/password.ts';
import {
  createEmployeesRepository,
  type EmployeeFilters,
  type EmployeeTableRow,
  type EmployeesRepository,
  type SearchOptions,
} from './employees.repository.ts';
import {
  branchesByEmployee,
  canCompanyEditIdentity,
  contactsVisibility,
  toEmployee,
} from './employees.mappers.ts';
import { createInvitation } from '../invitations/index.ts';
import { OPEN_END, createPeriodLock, periodLockedError } from '../periods/index.ts';
import { assertSeatAvailable, lockCompany } from './plan-limit.ts';

export type CreateEmployeeValues = z.output<typeof CreateEmployeeInputSchema>;
export type ManagerScopeValues = z.output<typeof ManagerScopeInputSchema>;

/** A new account joined at once, or an existing one was invited. */
export type CreateEmployeeResult =
  { kind: 'created'; employee: Employee } | { kind: 'invited'; body: EmployeeInvited };

/** Rows fetched per query while exporting: memory stays flat whatever the company's size. */
export const EXPORT_BATCH_SIZE = 500;

const NOT_FOUND = () => AppError.notFound('Сотрудник не найден');
const LAST_ADMIN = () => AppError.conflict('Нельзя снять последнего администратора компании');

export function emailTaken(): AppError {
  return new AppError(ErrorCode.CONFLICT, 'Пользователь с таким email уже зарегистрирован', [
    { field: 'email', message: 'Этот email уже зарегистрирован' },
  ]);
}

export function phoneTaken(): AppError {
  return new AppError(ErrorCode.CONFLICT, 'Пользователь с таким телефоном уже зарегистрирован', [
    { field: 'phone', message: 'Этот телефон уже зарегистрирован' },
  ]);
}

function alreadyMember(field: 'email' | 'phone' = 'email'): AppError {
  return new AppError(ErrorCode.CONFLICT, 'Сотрудник уже работает в компании', [
    {
      field,
      message:
        field === 'email'
          ? 'Сотрудник с этим email уже работает в компании'
          : 'Сотрудник с этим телефоном уже работает в компании',
    },
  ]);
}

function restoreInstead(field: 'email' | 'phone'): AppError {
  return new AppError(
    ErrorCode.CONFLICT,
    'Этот сотрудник уже был в компании и уволен. Восстановите его в списке уволенных',
    [
      {
        field,
        message:
          field === 'email'
            ? 'Сотрудник с этим email уволен — восстановите его'
            : 'Сотрудник с этим телефоном уволен — восстановите его',
      },
    ],
  );
}

function contactsOfTwoAccounts(): AppError {
  return new AppError(
    ErrorCode.CONFLICT,
    'Этот email и этот телефон принадлежат разным учётным записям Smena. Проверьте, кого вы добавляете',
    [
      { field: 'email', message: 'Email и телефон принадлежат разным людям' },
      { field: 'phone', message: 'Email и телефон принадлежат разным людям' },
    ],
  );
}

const IDENTITY_FIELD_MESSAGES = {
  email: 'Email и телефон меняет сам сотрудник в своём профиле',
  phone: 'Email и телефон меняет сам сотрудник в своём профиле',
} as const;

/**
 * The account's email and phone belong to the person once they have logged in (or when the
 * account was not created by this company): 422 with a message under each field sent.
 */
function identityNotEditable(
  fields: Partial<Record<keyof typeof IDENTITY_FIELD_MESSAGES, unknown>>,
) {
  const details = (Object.keys(fields) as (keyof typeof IDENTITY_FIELD_MESSAGES)[]).map(
    (field) => ({ field, message: IDENTITY_FIELD_MESSAGES[field] }),
  );
  return new AppError(
    ErrorCode.VALIDATION_ERROR,
    'Email и телефон учётной записи меняет сам сотрудник в своём профиле: компания может исправить их, только пока созданный ею сотрудник ни разу не входил в Смену',
    details,
  );
}

const NAME_FIELDS = ['firstName', 'lastName', 'middleName'] as const;
type NameField = (typeof NAME_FIELDS)[number];

function personnelNumberTaken(): AppError {
  return new AppError(ErrorCode.CONFLICT, 'Табельный номер уже занят', [
    { field: 'personnelNumber', message: 'Табельный номер уже занят' },
  ]);
}

/** Turns a unique-index race lost to another request into the same answer as the check. */
function conflictOf(error: unknown): AppError | null {
  if (isUniqueViolation(error, 'users_email_unique')) return emailTaken();
  if (isUniqueViolation(error, 'users_phone_unique')) return phoneTaken();
  if (isUniqueViolation(error, 'employees_company_user_unique')) return alreadyMember();
  return null;
}

/**
 * Department, position and branches named in a request must be the company's own; otherwise
 * 422 with every wrong field (another company's ids are reported like unknown ones).
 */
export async function assertStructureOfCompany(
  repository: EmployeesRepository,
  companyId: number,
  refs: { departmentId?: number | null; positionId?: number | null; branchIds?: number[] },
): Promise<void> {
  const details: FieldError[] = [];
  if (refs.departmentId != null && !(await repository.hasDepartment(companyId, refs.departmentId)))
    details.push({ field: 'departmentId', message: 'Отдел не найден' });
  if (refs.positionId != null && !(await repository.hasPosition(companyId, refs.positionId)))
    details.push({ field: 'positionId', message: 'Должность не найдена' });
  if (refs.branchIds && refs.branchIds.length > 0) {
    const known = new Set(await repository.findBranchIds(companyId, refs.branchIds));
    if (refs.branchIds.some((id) => !known.has(id)))
      details.push({ field: 'branchIds', message: 'Филиал не найден' });
  }
  if (details.length > 0) {
    throw new AppError(
      ErrorCode.VALIDATION_ERROR,
      `Проверьте поля: ${details[0]!.message}`,
      details,
    );
  }
}

/**
 * A manager limited to some branches and departments adds and moves people only within them
 * (decision 016): the employee, as the request leaves them, must be in the manager's scope.
 */
function assertLeftInScope(
  scope: EmployeeScope,
  employee: { id?: number; departmentId: number | null; branchIds: readonly number[] },
): void {
  if (scopeCovers(scope, employee)) return;
  const message = 'Укажите филиал или отдел, которыми вы управляете';
  throw new AppError(
    ErrorCode.VALIDATION_ERROR,
    'Сотрудник окажется вне филиалов и отделов, которыми вы управляете',
    [
      { field: 'branchIds', message },
      { field: 'departmentId', message },
    ],
  );
}

/** Only an ADMIN or a manager of the whole company makes someone a manager (no wider scope). */
function assertMayAppoint(auth: CompanyAuthContext, role: string | undefined): void {
  if (role === Role.MANAGER && isLimitedScope(auth.scope) && auth.role !== Role.ADMIN) {
    throw AppError.forbidden('Назначать менеджеров может администратор или менеджер всей компании');
  }
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Without a password the person sets one through «Забыли пароль?»; nobody knows this one. */
function passwordHashFor(password: string | undefined): Promise<string> {
  return hashPassword(password ?? randomBytes(32).toString('hex'));
}

/**
 * Employment dates that move change the timesheet of the dates between (codes appear or go): a
 * hire date moved, a dismissal, a return. In a month approved for the employee (decision 022)
 * that is refused like any other write of its dates; one query for all the employees given.
 */
async function lockedEmploymentMonths(
  tx: DbOrTx,
  companyId: number,
  changes: readonly { employeeId: number; from: string; to: string }[],
): Promise<(string | null)[]> {
  if (changes.length === 0) return [];
  return createPeriodLock(tx).findLockedMonths(companyId, changes);
}

/** The dates a hire date moving from `before` to `after` changes (none: no change). */
function hireDateChange(
  employeeId: number,
  before: string | null,
  after: string | null | undefined,
): { employeeId: number; from: string; to: string } | null {
  if (after === undefined || after === before) return null;
  // No hire date means employed since ever: the range runs from the earliest date there is.
  if (before === null || after === null)
    return { employeeId, from: `${MIN_YEAR}-01-01`, to: addDays((before ?? after)!, -1) };
  return before < after
    ? { employeeId, from: before, to: addDays(after, -1) }
    : { employeeId, from: after, to: addDays(before, -1) };
}

/**
 * Why the caller may not dismiss this membership on this date (null: they may). The one home of
 * the dismissal rules, for the single action and the bulk one; `activeAdmins` is read only when
 * an admin is concerned.
 */
async function dismissalRefusal(
  auth: CompanyAuthContext,
  target: { role: string; status: string; hireDate: string | null },
  input: DismissEmployeeInput,
  activeAdmins: () => Promise<number>,
): Promise<AppError | null> {
  if (auth.role !== Role.ADMIN && target.role === Role.ADMIN)
    return AppError.forbidden('Менеджер не может увольнять администраторов');
  if (target.status !== 'ACTIVE') return AppError.conflict('Сотрудник уже уволен');
  if (target.role === Role.ADMIN && (await activeAdmins()) <= 1) return LAST_ADMIN();
  if (target.hireDate && input.dismissedAt < target.hireDate)
    return AppError.validation('dismissedAt', 'Дата увольнения раньше даты приёма');
  return null;
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;

export function createEmployeesService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createEmployeesRepository(db);

  async function visibilityFor(auth: CompanyAuthContext) {
    // An ADMIN sees every contact whatever the setting: no need to read it.
    if (auth.role === Role.ADMIN) return contactsVisibility(auth, { hideContacts: false });
    const company = await repository.findCompany(auth.companyId);
    if (!company) throw AppError.notFound('Компания не найдена');
    return contactsVisibility(auth, company);
  }

  async function getEmployee(auth: CompanyAuthContext, employeeId: number): Promise<Employee> {
    const row = await repository.findEmployee(auth.companyId, auth.scope, employeeId);
    if (!row) throw NOT_FOUND();
    const branches = await repository.findBranchesOf(auth.companyId, [row.id]);
    return toEmployee(row, branches, await visibilityFor(auth));
  }

  async function getManagerScope(
    auth: CompanyAuthContext,
    employeeId: number,
  ): Promise<ManagerScope> {
    const found = await repository.findMembership(auth.companyId, auth.scope, employeeId);
    if (!found) throw NOT_FOUND();
    const kind = found.employee.managerScope;
    const units =
      kind === 'UNITS'
        ? await repository.findManagerScope(auth.companyId, employeeId)
        : { branches: [], departments: [] };
    return { employeeId, kind, ...units };
  }

  /** Changes a membership (and the account while the company may edit it), in one transaction. */
  async function applyUpdate(
    auth: CompanyAuthContext,
    employeeId: number,
    input: UpdateEmployeeInput,
  ): Promise<void> {
    const { companyId } = auth;
    try {
      await db.transaction(async (tx) => {
        const repo = createEmployeesRepository(tx);
        await lockCompany(tx, companyId);
        const found = await repo.findMembership(companyId, auth.scope, employeeId);
        if (!found) throw NOT_FOUND();
        const target = found.employee;
        if (input.role !== undefined && input.role !== target.role) {
          assertMayAppoint(auth, input.role);
        }
        if (
          isLimitedScope(auth.scope) &&
          (input.departmentId !== undefined || input.branchIds !== undefined)
        ) {
          assertLeftInScope(auth.scope, {
            id: target.id,
            departmentId:
              input.departmentId !== undefined ? input.departmentId : target.departmentId,
            branchIds: input.branchIds ?? (await repo.findBranchIdsOf(companyId, target.id)),
          });
        }
        if (auth.role !== Role.ADMIN) {
          if (target.role === Role.ADMIN) {
            throw AppError.forbidden('Менеджер не может изменять данные администратора');
          }
          if (input.role === Role.ADMIN) {
            throw AppError.forbidden('Менеджер не может назначать администраторов');
          }
        }
        if (
          target.role === Role.ADMIN &&
          target.status === 'ACTIVE' &&
          input.role !== undefined &&
          input.role !== Role.ADMIN &&
          (await repo.countActiveAdmins(companyId)) <= 1
        ) {
          throw LAST_ADMIN();
        }
        await assertStructureOfCompany(repo, companyId, input);
        const moved = hireDateChange(target.id, target.hireDate, input.hireDate);
        const [lockedMonth] = await lockedEmploymentMonths(tx, companyId, moved ? [moved] : []);
        if (lockedMonth) throw periodLockedError(lockedMonth);
        if (
          input.personnelNumber &&
          target.status === 'ACTIVE' &&
          (await repo.findActiveByPersonnelNumber(companyId, input.personnelNumber, target.id))
        ) {
          throw personnelNumberTaken();
        }
        // Values sent unchanged (a form posting every field) are not a change.
        const changed = <T>(value: T | undefined, current: T) =>
          value === current ? undefined : value;
        const editsAccount = canCompanyEditIdentity(companyId, found);
        const contacts = definedOnly({
          email: changed(input.email, found.identity.email),
          phone: changed(input.phone, found.identity.phone),
        });
        if (Object.keys(contacts).length > 0 && !editsAccount) {
          throw identityNotEditable(contacts);
        }
        // The name as the company shows it: the override where set, else the account's.
        const names: Partial<Record<NameField, string>> = {};
        for (const field of NAME_FIELDS) {
          const value = changed(input[field], target[field] ?? found.identity[field]);
          if (value !== undefined) names[field] = value;
        }
        // An account the company may still edit takes the name itself (its overrides cleared);
        // any other keeps its name, and the company's spelling goes to the membership (null:
        // the same as the account's, so the account's name shows again).
        const overrides: Partial<Record<NameField, string | null>> = {};
        for (const field of NAME_FIELDS) {
          const value = names[field];
          if (value === undefined) continue;
          overrides[field] = editsAccount || value === found.identity[field] ? null : value;
        }
        const identity = { ...contacts, ...(editsAccount ? names : {}) };
        if (Object.keys(identity).length > 0) {
          if (
            identity.email &&
            (await repo.findOtherUserWith(target.userId, 'email', identity.email))
          ) {
            throw emailTaken();
          }
          if (
            identity.phone &&
            (await repo.findOtherUserWith(target.userId, 'phone', identity.phone))
          ) {
            throw phoneTaken();
          }
          await repo.updateUser(target.userId, identity);
        }
        await repo.updateEmployee(
          companyId,
          target.id,
          definedOnly({
            ...overrides,
            role: input.role,
            departmentId: input.departmentId,
            positionId: input.positionId,
            personnelNumber: input.personnelNumber,
            hireDate: input.hireDate,
          }),
        );
        if (input.branchIds) await repo.setBranches(companyId, target.id, input.branchIds);
        // A scope belongs to the manager role: whoever stops being a manager loses it, so that
        // becoming one again starts from the whole company, as for anyone (decision 016).
        if (
          target.role === Role.MANAGER &&
          input.role !== undefined &&
          input.role !== target.role
        ) {
          await repo.setManagerScope(companyId, target.id, {
            kind: 'COMPANY',
            branchIds: [],
            departmentIds: [],
          });
        }
      });
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
  }

  /**
   * Dismissal keeps the membership and its history, ends the person's sessions in this company
   * and frees a seat of the plan. One transaction: all of it or nothing.
   */
  async function applyDismissal(
    auth: CompanyAuthContext,
    employeeId: number,
    input: DismissEmployeeInput,
  ): Promise<void> {
    const { companyId } = auth;
    await db.transaction(async (tx) => {
      const repo = createEmployeesRepository(tx);
      await lockCompany(tx, companyId);
      const found = await repo.findMembership(companyId, auth.scope, employeeId);
      if (!found) throw NOT_FOUND();
      const target = found.employee;
      const reason = await dismissalRefusal(auth, target, input, () =>
        repo.countActiveAdmins(companyId),
      );
      if (reason) throw reason;
      // The dates after the dismissal lose their codes.
      const [lockedMonth] = await lockedEmploymentMonths(tx, companyId, [
        { employeeId: target.id, from: addDays(input.dismissedAt, 1), to: OPEN_END },
      ]);
      if (lockedMonth) throw periodLockedError(lockedMonth);
      await repo.updateEmployee(companyId, target.id, {
        status: 'DISMISSED',
        dismissedAt: input.dismissedAt,
        dismissalReason: input.reason || null,
      });
      await createAuthRepository(tx).revokeMembershipSessions(
        target.userId,
        companyId,
        'dismissed',
      );
    });
  }

  /**
   * Dismisses many employees with the rules of `applyDismissal`, checked for each one in turn
   * (the last active admin stays, whoever comes first), in one transaction and a few set-based
   * statements: the refused ones change nothing, the others are all dismissed. Ids outside the
   * company or the scope are the caller's to have refused (they get no answer here).
   */
  async function dismissMany(
    auth: CompanyAuthContext,
    employeeIds: number[],
    input: DismissEmployeeInput,
  ): Promise<Map<number, AppError>> {
    const { companyId } = auth;
    return db.transaction(async (tx) => {
      const repo = createEmployeesRepository(tx);
      await lockCompany(tx, companyId);
      const rows = new Map(
        (await repo.lockMemberships(companyId, auth.scope, employeeIds)).map((row) => [
          row.id,
          row,
        ]),
      );
      let activeAdmins: number | undefined;
      const refused = new Map<number, AppError>();
      const accepted: EmployeeTableRow[] = [];
      const found = employeeIds.filter((id) => rows.has(id));
      const lockedMonths = await lockedEmploymentMonths(
        tx,
        companyId,
        found.map((id) => ({ employeeId: id, from: addDays(input.dismissedAt, 1), to: OPEN_END })),
      );
      found.forEach((id, position) => {
        const month = lockedMonths[position];
        if (month) refused.set(id, periodLockedError(month));
      });
      for (const id of employeeIds) {
        const target = rows.get(id);
        if (!target || refused.has(id)) continue;
        const reason = await dismissalRefusal(auth, target, input, async () => {
          activeAdmins ??= await repo.countActiveAdmins(companyId);
          return activeAdmins;
        });
        if (reason) {
          refused.set(id, reason);
          continue;
        }
        accepted.push(target);
        if (target.role === Role.ADMIN && activeAdmins !== undefined) activeAdmins -= 1;
      }
      await repo.dismissEmployees(
        companyId,
        accepted.map((target) => target.id),
        { dismissedAt: input.dismissedAt, dismissalReason: input.reason || null },
      );
      await createAuthRepository(tx).revokeMembershipsSessions(
        accepted.map((target) => target.userId),
        companyId,
        'dismissed',
      );
      return refused;
    });
  }

  return {
    getEmployee,
    getManagerScope,

    /**
     * An ADMIN sets whom a MANAGER manages (decision 016): the whole company, or branches and
     * departments of the company (422 naming the field of an unknown or another company's one).
     * Takes effect on the manager's next request.
     */
    async setManagerScope(
      auth: CompanyAuthContext,
      employeeId: number,
      input: ManagerScopeValues,
    ): Promise<ManagerScope> {
      if (auth.role !== Role.ADMIN) {
        throw AppError.forbidden('Кем управляет менеджер, задаёт администратор');
      }
      const { companyId } = auth;
      await db.transaction(async (tx) => {
        const repo = createEmployeesRepository(tx);
        await lockCompany(tx, companyId);
        const found = await repo.findMembership(companyId, auth.scope, employeeId);
        if (!found) throw NOT_FOUND();
        if (found.employee.role !== Role.MANAGER) {
          throw AppError.conflict('Филиалы и отделы задаются только менеджеру');
        }
        const details: FieldError[] = [];
        const branches = new Set(await repo.findBranchIds(companyId, input.branchIds));
        if (input.branchIds.some((id) => !branches.has(id)))
          details.push({ field: 'branchIds', message: 'Филиал не найден' });
        const departments = new Set(await repo.findDepartmentIds(companyId, input.departmentIds));
        if (input.departmentIds.some((id) => !departments.has(id)))
          details.push({ field: 'departmentIds', message: 'Отдел не найден' });
        if (details.length > 0) {
          throw new AppError(
            ErrorCode.VALIDATION_ERROR,
            `Проверьте поля: ${details[0]!.message}`,
            details,
          );
        }
        await repo.setManagerScope(companyId, employeeId, input);
      });
      return getManagerScope(auth, employeeId);
    },

    async listEmployees(
      auth: CompanyAuthContext,
      query: ListEmployeesQuery,
    ): Promise<Page<Employee>> {
      const visibility = await visibilityFor(auth);
      const options = { searchContacts: visibility.canSearchContacts };
      const [rows, total] = await Promise.all([
        repository.findEmployees(
          auth.companyId,
          auth.scope,
          query,
          { limit: query.limit, offset: offsetOf(query) },
          options,
        ),
        repository.countEmployees(auth.companyId, auth.scope, query, options),
      ]);
      const branchesOf = branchesByEmployee(
        await repository.findBranchesOf(
          auth.companyId,
          rows.map((row) => row.id),
        ),
      );
      return pageResult(
        rows.map((row) => toEmployee(row, branchesOf(row.id), visibility)),
        total,
        query,
      );
    },

    /**
     * Every employee matching the filters, in batches, for the export. Everything that can fail
     * for the request's sake happens before it returns (a filter naming another company's or an
     * unknown branch, department or position → 404; the first batch is read), so the route can
     * still answer JSON; only the later batches are read once the file has begun.
     */
    async exportEmployees(
      auth: CompanyAuthContext,
      filters: EmployeeFilters,
    ): Promise<AsyncIterable<Employee[]>> {
      const { companyId } = auth;
      if (filters.branchId !== undefined) {
        const found = await repository.findBranchIds(companyId, [filters.branchId]);
        if (found.length === 0) throw AppError.notFound('Филиал не найден');
      }
      if (
        filters.departmentId !== undefined &&
        !(await repository.hasDepartment(companyId, filters.departmentId))
      )
        throw AppError.notFound('Отдел не найден');
      if (
        filters.positionId !== undefined &&
        !(await repository.hasPosition(companyId, filters.positionId))
      )
        throw AppError.notFound('Должность не найдена');
      const visibility = await visibilityFor(auth);
      const options = { searchContacts: visibility.canSearchContacts };
      async function batchAt(offset: number): Promise<Employee[]> {
        const rows = await repository.findEmployees(
          companyId,
          auth.scope,
          filters,
          { limit: EXPORT_BATCH_SIZE, offset },
          options,
        );
        if (rows.length === 0) return [];
        const branchesOf = branchesByEmployee(
          await repository.findBranchesOf(
            companyId,
            rows.map((row) => row.id),
          ),
        );
        return rows.map((row) => toEmployee(row, branchesOf(row.id), visibility));
      }
      const first = await batchAt(0);
      return (async function* () {
        let batch = first;
        let offset = 0;
        while (batch.length > 0) {
          yield batch;
          if (batch.length < EXPORT_BATCH_SIZE) return;
          offset += EXPORT_BATCH_SIZE;
          batch = await batchAt(offset);
        }
      })();
    },

    /**
     * Adds a person to the company. When the email or phone already belongs to an account, the
     * company gains nothing of it: the person gets an invitation to accept or decline (decision
     * 009). Otherwise a new account is created, which this company may correct until the person
     * first logs in.
     */
    async createEmployee(
      auth: CompanyAuthContext,
      input: CreateEmployeeValues,
    ): Promise<CreateEmployeeResult> {
      const { companyId } = auth;
      if (auth.role !== Role.ADMIN && input.role === Role.ADMIN) {
        throw AppError.forbidden('Менеджер не может назначать администраторов');
      }
      assertMayAppoint(auth, input.role);
      assertLeftInScope(auth.scope, input);
      await assertStructureOfCompany(repository, companyId, input);
      // Hashing is slow: done before the transaction that holds the company's lock.
      const known =
        (await repository.findUserBy('email', input.email)) ??
        (await repository.findUserBy('phone', input.phone));
      let passwordHash = known ? null : await passwordHashFor(input.password);

      let result: { employeeId: number } | { invitation: CompanyInvitation };
      try {
        result = await db.transaction(async (tx) => {
          const repo = createEmployeesRepository(tx);
          const company = await lockCompany(tx, companyId);
          const byEmail = await repo.findUserBy('email', input.email);
          const byPhone = await repo.findUserBy('phone', input.phone);
          if (byEmail && byPhone && byEmail.id !== byPhone.id) throw contactsOfTwoAccounts();
          const existing = byEmail ?? byPhone;
          const field = byEmail ? 'email' : 'phone';
          if (existing) {
            if (existing.isSuperAdmin) {
              throw new AppError(ErrorCode.CONFLICT, 'Супер админа нельзя добавить в компанию', [
                { field, message: 'Этот email или телефон принадлежит супер админу' },
              ]);
            }
            const membership = await repo.findMembershipOfUser(companyId, existing.id);
            if (membership)
              throw membership.status === 'ACTIVE' ? alreadyMember(field) : restoreInstead(field);
          }
          if (
            input.personnelNumber &&
            (await repo.findActiveByPersonnelNumber(companyId, input.personnelNumber))
          ) {
            throw personnelNumberTaken();
          }
          // Told now rather than when the person accepts; accepting checks again.
          await assertSeatAvailable(tx, company);

          if (existing) {
            const invitation = await createInvitation(tx, {
              companyId,
              companyTitle: company.title,
              userId: existing.id,
              // Under impersonation: the company's admin (the audit log keeps the super admin).
              invitedByUserId: auth.userId,
              proposal: {
                email: input.email,
                phone: input.phone,
                firstName: input.firstName,
                lastName: input.lastName,
                middleName: input.middleName,
                role: input.role,
                departmentId: input.departmentId,
                positionId: input.positionId,
                branchIds: input.branchIds,
                personnelNumber: input.personnelNumber,
                hireDate: input.hireDate,
              },
            });
            return { invitation };
          }
          passwordHash ??= await passwordHashFor(input.password);
          const userId = await repo.insertUser({
            email: input.email,
            phone: input.phone,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            middleName: input.middleName,
            countryCode: company.countryCode,
            createdByCompanyId: companyId,
          });
          const id = await repo.insertEmployee({
            companyId,
            userId,
            role: input.role,
            departmentId: input.departmentId,
            positionId: input.positionId,
            personnelNumber: input.personnelNumber,
            hireDate: input.hireDate,
          });
          await repo.setBranches(companyId, id, input.branchIds);
          return { employeeId: id };
        });
      } catch (error) {
        throw conflictOf(error) ?? error;
      }
      if ('invitation' in result) {
        return {
          kind: 'invited',
          body: { invitation: result.invitation, message: EMPLOYEE_INVITED_MESSAGE },
        };
      }
      return { kind: 'created', employee: await getEmployee(auth, result.employeeId) };
    },

    async updateEmployee(
      auth: CompanyAuthContext,
      employeeId: number,
      input: UpdateEmployeeInput,
    ): Promise<Employee> {
      await applyUpdate(auth, employeeId, input);
      return getEmployee(auth, employeeId);
    },

    async dismissEmployee(
      auth: CompanyAuthContext,
      employeeId: number,
      input: DismissEmployeeInput,
    ): Promise<Employee> {
      await applyDismissal(auth, employeeId, input);
      return getEmployee(auth, employeeId);
    },

    dismissMany,
    applyUpdate,

    /** How the list searches for this caller (contacts only where they may see them). */
    async searchOptionsFor(auth: CompanyAuthContext): Promise<SearchOptions> {
      return { searchContacts: (await visibilityFor(auth)).canSearchContacts };
    },

    /** Brings a dismissed (or deactivated) employee back, if the plan has a free seat. */
    async restoreEmployee(auth: CompanyAuthContext, employeeId: number): Promise<Employee> {
      const { companyId } = auth;
      await db.transaction(async (tx) => {
        const repo = createEmployeesRepository(tx);
        const company = await lockCompany(tx, companyId);
        const found = await repo.findMembership(companyId, auth.scope, employeeId);
        if (!found) throw NOT_FOUND();
        const target = found.employee;
        if (auth.role !== Role.ADMIN && target.role === Role.ADMIN) {
          throw AppError.forbidden('Менеджер не может восстанавливать администраторов');
        }
        if (target.status === 'ACTIVE')
          throw AppError.conflict('Сотрудник уже работает в компании');
        if (found.userStatus === 'DELETED') {
          throw AppError.conflict('Учётная запись сотрудника удалена — восстановить его нельзя');
        }
        if (
          target.personnelNumber &&
          (await repo.findActiveByPersonnelNumber(companyId, target.personnelNumber, target.id))
        ) {
          throw personnelNumberTaken();
        }
        await assertSeatAvailable(tx, company);
        if (target.dismissedAt) {
          // The dates after the dismissal get their codes back.
          const [lockedMonth] = await lockedEmploymentMonths(tx, companyId, [
            { employeeId: target.id, from: addDays(target.dismissedAt, 1), to: OPEN_END },
          ]);
          if (lockedMonth) throw periodLockedError(lockedMonth);
        }
        await repo.updateEmployee(companyId, target.id, {
          status: 'ACTIVE',
          dismissedAt: null,
          dismissalReason: null,
        });
      });
      return getEmployee(auth, employeeId);
    },
  };
}
