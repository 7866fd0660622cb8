import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  MIN_YEAR,
  Role,
  periodLockedMessage,
  type EmployeeImportCounts,
  type EmployeeImportMissing,
  type EmployeeImportPreview,
  type EmployeeImportResult,
  type EmployeeImportRow,
  type EmployeeImportRowStatus,
  type FieldError,
} from '@smena/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isLimitedScope, scopeCovers } from '../../db/employee-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { countActiveEmployees, lockCompany } from '../employees/index.ts';
import { createInvitation } from '../invitations/index.ts';
import { createPeriodLock } from '../periods/index.ts';
import { parseSheet, readSheet, titleKey, type ParsedRow } from './employee-import.parse.ts';
import {
  createEmployeeImportRepository,
  type ExistingMember,
  type MemberUpdate,
  type NewMember,
  type StructureKind,
  type StructureUnit,
} from './employee-import.repository.ts';

export type ImportOptions = { createMissing: boolean; sendInvitations: boolean };

/** A structure unit a row names: one of the company's, or one the import will create. */
type Ref = { id: number } | { create: string };

type PlannedRow = {
  parsed: ParsedRow;
  status: EmployeeImportRowStatus;
  errors: FieldError[];
  notes: string[];
  department: Ref | null | undefined;
  position: Ref | null | undefined;
  branches: Ref[] | undefined;
  member?: ExistingMember;
  inviteUserId?: number;
};

type Plan = {
  rows: PlannedRow[];
  missing: EmployeeImportMissing;
  fileErrors: string[];
  ignoredColumns: string[];
  seats: { limit: number; active: number };
};

const KIND_LABELS: Record<StructureKind, { field: string; notFound: (title: string) => string }> = {
  branches: { field: 'branches', notFound: (title) => `Филиал «${title}» не найден` },
  departments: { field: 'department', notFound: (title) => `Отдел «${title}» не найден` },
  positions: { field: 'position', notFound: (title) => `Должность «${title}» не найдена` },
};

const OUT_OF_SCOPE = 'Укажите филиал или отдел, которыми вы управляете';
const MAX_ERROR_DETAILS = 200;

function idOf(ref: Ref | null | undefined): number | null | undefined {
  if (ref === undefined || ref === null) return ref;
  return 'id' in ref ? ref.id : undefined;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort((x, y) => x - y);
  return [...a].sort((x, y) => x - y).every((id, index) => id === sorted[index]);
}

function countsOf(rows: { status: EmployeeImportRowStatus }[]): EmployeeImportCounts {
  const counts = { total: rows.length, new: 0, update: 0, invite: 0, skip: 0, error: 0 };
  for (const row of rows) {
    const key = row.status.toLowerCase() as keyof typeof counts;
    counts[key] += 1;
  }
  return counts;
}

function seatsMessage(limit: number, active: number, needed: number): string {
  const free = Math.max(0, limit - active);
  return `Тариф рассчитан на ${limit} сотрудников: сейчас их ${active}, свободно ${free}, а файл добавляет ${needed}. Уберите лишние строки или перейдите на тариф больше`;
}

/**
 * Matches the parsed rows with the company: structure by title, employees by personnel number or
 * email, accounts by email or phone, the caller's rights and scope, the plan's seats. The preview
 * shows the result; the import runs it again inside its transaction, trusting nothing sent before.
 */
async function planImport(
  db: DbOrTx,
  auth: CompanyAuthContext,
  parsed: ReturnType<typeof parseSheet>,
  options: ImportOptions,
): Promise<Plan> {
  const { companyId } = auth;
  const repo = createEmployeeImportRepository(db);
  const company = await repo.findCompany(companyId);
  if (!company) throw AppError.notFound('Компания не найдена');
  const structure = await repo.findStructure(companyId);
  const unitByKey: Record<StructureKind, Map<string, StructureUnit>> = {
    branches: new Map(),
    departments: new Map(),
    positions: new Map(),
  };
  for (const kind of ['branches', 'departments', 'positions'] as const) {
    for (const unit of structure[kind]) {
      const key = titleKey(unit.title);
      if (!unitByKey[kind].has(key)) unitByKey[kind].set(key, unit);
    }
  }
  const missing: Record<StructureKind, Map<string, string>> = {
    branches: new Map(),
    departments: new Map(),
    positions: new Map(),
  };

  const valid = parsed.rows.filter((row) => row.errors.length === 0);
  const emails = [...new Set(valid.map((row) => row.email))];
  const phones = [...new Set(valid.map((row) => row.phone))];
  const numbers = [
    ...new Set(valid.map((row) => row.personnelNumber).filter((value): value is string => !!value)),
  ];
  // One after the other: inside the import's transaction they share one connection.
  const members = await repo.findMembers(companyId, { emails, personnelNumbers: numbers });
  const knownUsers = await repo.findUsers(companyId, { emails, phones });
  const active = await countActiveEmployees(db, companyId);
  const memberByEmail = new Map(members.map((member) => [member.email, member]));
  const activeByNumber = new Map(
    members
      .filter((member) => member.status === 'ACTIVE' && member.personnelNumber)
      .map((member) => [member.personnelNumber!, member]),
  );
  const userByEmail = new Map(knownUsers.map((user) => [user.email, user]));
  const userByPhone = new Map(knownUsers.map((user) => [user.phone, user]));
  const pending = await repo.findPendingInvitees(
    companyId,
    knownUsers.filter((user) => user.memberStatus === null).map((user) => user.id),
  );

  function resolve(kind: StructureKind, title: string, errors: FieldError[]): Ref | null {
    const key = titleKey(title);
    const unit = unitByKey[kind].get(key);
    if (unit) return { id: unit.id };
    if (!missing[kind].has(key)) missing[kind].set(key, title);
    if (options.createMissing) return { create: key };
    errors.push({ field: KIND_LABELS[kind].field, message: KIND_LABELS[kind].notFound(title) });
    return null;
  }

  const rows: PlannedRow[] = parsed.rows.map((row) => {
    const errors = [...row.errors];
    const notes: string[] = [];
    const department =
      row.department === undefined || row.department === null
        ? row.department
        : resolve('departments', row.department, errors);
    const position =
      row.position === undefined || row.position === null
        ? row.position
        : resolve('positions', row.position, errors);
    const branches = row.branches?.map((title) => resolve('branches', title, errors));
    const planned: PlannedRow = {
      parsed: row,
      status: 'ERROR',
      errors,
      notes,
      department,
      position,
      branches: branches?.filter((ref): ref is Ref => ref !== null),
    };
    if (errors.length > 0) return planned;

    const fail = (field: string, message: string) => {
      errors.push({ field, message });
      return planned;
    };
    /** Where the row leaves the person must be in a limited manager's scope (decision 016). */
    const inScope = (current?: ExistingMember) => {
      if (!isLimitedScope(auth.scope)) return true;
      const departmentId =
        department === undefined ? (current?.departmentId ?? null) : (idOf(department) ?? null);
      const branchIds =
        branches === undefined
          ? (current?.branchIds ?? [])
          : (planned.branches ?? []).map(idOf).filter((id): id is number => typeof id === 'number');
      return scopeCovers(auth.scope, { id: current?.id, departmentId, branchIds });
    };

    const byNumber = row.personnelNumber ? activeByNumber.get(row.personnelNumber) : undefined;
    const byEmail = memberByEmail.get(row.email);
    if (byNumber && byEmail && byNumber.id !== byEmail.id) {
      return fail(
        'personnelNumber',
        'Табельный номер и email принадлежат разным сотрудникам компании',
      );
    }
    const member = byNumber ?? byEmail;
    if (member) {
      planned.member = member;
      if (member.status !== 'ACTIVE') {
        return fail(
          'email',
          'Сотрудник с этим email уволен: восстановите его в списке уволенных и загрузите файл снова',
        );
      }
      if (isLimitedScope(auth.scope) && !scopeCovers(auth.scope, member)) {
        return fail(
          'row',
          'Этот сотрудник работает вне филиалов и отделов, которыми вы управляете',
        );
      }
      if (auth.role !== Role.ADMIN && member.role === Role.ADMIN) {
        return fail('row', 'Менеджер не может изменять данные администратора');
      }
      const phoneHolder = userByPhone.get(row.phone);
      if (phoneHolder && phoneHolder.id !== member.userId) {
        return fail('phone', 'Этот телефон принадлежит другому человеку');
      }
      const emailHolder = userByEmail.get(row.email);
      if (emailHolder && emailHolder.id !== member.userId) {
        return fail('email', 'Этот email принадлежит другому человеку');
      }
      if (!inScope(member)) return fail('department', OUT_OF_SCOPE);
      const update = memberUpdateOf(companyId, planned, member);
      if (update.contactsKept) {
        notes.push(
          'Email и телефон в учётной записи меняет сам сотрудник — из файла они не перенесены',
        );
      }
      if (update.changed) {
        planned.status = 'UPDATE';
      } else {
        planned.status = 'SKIP';
        notes.push('Без изменений');
      }
      return planned;
    }

    const emailHolder = userByEmail.get(row.email);
    const phoneHolder = userByPhone.get(row.phone);
    if (emailHolder && phoneHolder && emailHolder.id !== phoneHolder.id) {
      errors.push({ field: 'email', message: 'Email и телефон принадлежат разным людям' });
      return fail('phone', 'Email и телефон принадлежат разным людям');
    }
    const holder = emailHolder ?? phoneHolder;
    const holderField = emailHolder ? 'email' : 'phone';
    if (holder?.isSuperAdmin) return fail(holderField, 'Супер админа нельзя добавить в компанию');
    if (holder?.memberStatus === 'ACTIVE') {
      return fail('phone', 'Сотрудник с этим телефоном уже работает в компании');
    }
    if (holder && holder.memberStatus !== null) {
      return fail(
        holderField,
        'Этот сотрудник уже был в компании и уволен: восстановите его в списке уволенных',
      );
    }
    if (!inScope()) return fail('department', OUT_OF_SCOPE);
    if (!holder) {
      planned.status = 'NEW';
      return planned;
    }
    planned.inviteUserId = holder.id;
    if (pending.has(holder.id)) {
      planned.status = 'SKIP';
      notes.push('Приглашение этому человеку уже отправлено и ждёт ответа');
    } else if (!options.sendInvitations) {
      planned.status = 'SKIP';
      notes.push('У человека уже есть учётная запись Смены: без приглашения он не будет добавлен');
    } else {
      planned.status = 'INVITE';
      notes.push('У человека уже есть учётная запись Смены — он получит приглашение в компанию');
    }
    return planned;
  });

  await refuseLockedHireDates(db, companyId, rows);

  const fileErrors: string[] = [];
  const needed = rows.filter((row) => row.status === 'NEW' || row.status === 'INVITE').length;
  if (active + needed > company.userLimit) {
    fileErrors.push(seatsMessage(company.userLimit, active, needed));
  }
  const sortedTitles = (map: Map<string, string>) =>
    [...map.values()].sort((a, b) => a.localeCompare(b, 'ru'));
  return {
    rows,
    missing: {
      branches: sortedTitles(missing.branches),
      departments: sortedTitles(missing.departments),
      positions: sortedTitles(missing.positions),
    },
    fileErrors,
    ignoredColumns: parsed.columns.ignored,
    seats: { limit: company.userLimit, active },
  };
}

/**
 * A changed hire date moves the first date of employment: every date between the old and the new
 * one changes meaning, so none of them may lie in an approved month (decision 022). Such a row
 * is an error of the file, as any other; one query for all the rows.
 */
async function refuseLockedHireDates(db: DbOrTx, companyId: number, rows: PlannedRow[]) {
  const moved = rows.flatMap((row) => {
    const before = row.member?.hireDate ?? null;
    const after = row.parsed.hireDate;
    if (row.status !== 'UPDATE' || !row.member || after === undefined || after === before) {
      return [];
    }
    const dates = [before, after].filter((date): date is string => date !== null).sort();
    // No hire date means employed since ever: the range runs from the earliest date there is.
    const from = before === null || after === null ? `${MIN_YEAR}-01-01` : dates[0]!;
    return [{ row, subject: { employeeId: row.member.id, from, to: dates[dates.length - 1]! } }];
  });
  if (moved.length === 0) return;
  const locked = await createPeriodLock(db).findLockedMonths(
    companyId,
    moved.map((entry) => entry.subject),
  );
  moved.forEach((entry, position) => {
    const month = locked[position];
    if (month) entry.row.errors.push({ field: 'hireDate', message: periodLockedMessage(month) });
  });
}

/**
 * What an update writes, following the employee form's rules (decision 009): an account the
 * company created and nobody has logged into takes the name, email and phone; any other keeps
 * them, the company's spelling of the name going to the membership. A column absent from the file
 * leaves its field as it is.
 */
function memberUpdateOf(
  companyId: number,
  row: PlannedRow,
  member: ExistingMember,
  /** Ids of the units the import creates (while planning they are not known yet). */
  createdId: (kind: StructureKind, title: string) => number = () => -1,
): { update: MemberUpdate; changed: boolean; contactsKept: boolean } {
  const { parsed } = row;
  const editable = member.createdByCompanyId === companyId && member.lastLoginAt === null;
  const middleName = parsed.middleName ?? member.overrideMiddleName ?? member.accountMiddleName;
  const refId = (kind: StructureKind, ref: Ref | null | undefined, current: number | null) => {
    if (ref === undefined) return current;
    if (ref === null) return null;
    return 'id' in ref ? ref.id : createdId(kind, ref.create);
  };
  const branchIds =
    row.branches === undefined ? null : row.branches.map((ref) => refId('branches', ref, null)!);
  const update: MemberUpdate = {
    id: member.id,
    userId: member.userId,
    overrideFirstName: editable
      ? null
      : parsed.firstName === member.accountFirstName
        ? null
        : parsed.firstName,
    overrideLastName: editable
      ? null
      : parsed.lastName === member.accountLastName
        ? null
        : parsed.lastName,
    overrideMiddleName: editable
      ? null
      : middleName === member.accountMiddleName
        ? null
        : middleName,
    departmentId: refId('departments', row.department, member.departmentId),
    positionId: refId('positions', row.position, member.positionId),
    personnelNumber:
      parsed.personnelNumber === undefined ? member.personnelNumber : parsed.personnelNumber,
    hireDate: parsed.hireDate === undefined ? member.hireDate : parsed.hireDate,
    branchIds: branchIds && sameIds(branchIds, member.branchIds) ? null : branchIds,
    account: editable
      ? {
          firstName: parsed.firstName,
          lastName: parsed.lastName,
          middleName,
          email: parsed.email,
          phone: parsed.phone,
        }
      : null,
  };
  const contactsDiffer = parsed.email !== member.email || parsed.phone !== member.phone;
  const accountChanged =
    update.account !== null &&
    (update.account.firstName !== member.accountFirstName ||
      update.account.lastName !== member.accountLastName ||
      update.account.middleName !== member.accountMiddleName ||
      contactsDiffer);
  const changed =
    accountChanged ||
    update.overrideFirstName !== member.overrideFirstName ||
    update.overrideLastName !== member.overrideLastName ||
    update.overrideMiddleName !== member.overrideMiddleName ||
    update.departmentId !== member.departmentId ||
    update.positionId !== member.positionId ||
    update.personnelNumber !== member.personnelNumber ||
    update.hireDate !== member.hireDate ||
    update.branchIds !== null;
  return { update, changed, contactsKept: !editable && contactsDiffer };
}

function toRow(row: PlannedRow): EmployeeImportRow {
  const { shown } = row.parsed;
  return {
    line: row.parsed.line,
    status: row.errors.length > 0 ? 'ERROR' : row.status,
    lastName: shown.lastName,
    firstName: shown.firstName,
    middleName: shown.middleName,
    personnelNumber: shown.personnelNumber,
    phone: shown.phone,
    email: shown.email,
    branches: row.parsed.branches ?? [],
    department: shown.department,
    position: shown.position,
    hireDate: shown.hireDate,
    errors: row.errors,
    notes: row.notes,
  };
}

export type EmployeeImportService = ReturnType<typeof createEmployeeImportService>;

export function createEmployeeImportService(deps: { db: Db }) {
  const { db } = deps;

  async function parse(auth: CompanyAuthContext, bytes: Uint8Array) {
    const sheet = await readSheet(bytes);
    const phoneCode = await createEmployeeImportRepository(db).findPhoneCode(auth.companyId);
    return parseSheet(sheet, { phoneCode });
  }

  return {
    async previewImport(
      auth: CompanyAuthContext,
      bytes: Uint8Array,
      options: ImportOptions,
    ): Promise<EmployeeImportPreview> {
      const plan = await planImport(db, auth, await parse(auth, bytes), options);
      const rows = plan.rows.map(toRow);
      return {
        rows,
        counts: countsOf(rows),
        missing: plan.missing,
        fileErrors: plan.fileErrors,
        ignoredColumns: plan.ignoredColumns,
        seats: plan.seats,
      };
    },

    /**
     * The import itself, in one transaction under the company's lock (as every change of who is
     * a member): the file is planned again, any error refuses the whole file with 422, then
     * structure, new employees, updates and invitations are written with a few set-based
     * statements. Invitations notify in the same transaction; push delivery is a job that runs
     * after the commit (decision 008).
     */
    async runImport(
      auth: CompanyAuthContext,
      bytes: Uint8Array,
      options: ImportOptions,
    ): Promise<EmployeeImportResult> {
      const parsed = await parse(auth, bytes);
      // One hash for the whole file, made before the lock: nobody knows the password behind
      // it, people set theirs through «Забыли пароль?» (as with the employee form).
      const passwordHash = await hashPassword(randomBytes(32).toString('hex'));
      try {
        return await db.transaction(async (tx) => {
          const company = await lockCompany(tx, auth.companyId);
          const plan = await planImport(tx, auth, parsed, options);
          const failed = plan.rows.filter((row) => row.errors.length > 0);
          if (failed.length > 0 || plan.fileErrors.length > 0) {
            const details: FieldError[] = [
              ...plan.fileErrors.map((message) => ({ field: 'file', message })),
              ...failed.flatMap((row) =>
                row.errors.map((error) => ({
                  field: `rows.${row.parsed.line}.${error.field}`,
                  message: error.message,
                })),
              ),
            ].slice(0, MAX_ERROR_DETAILS);
            throw new AppError(
              ErrorCode.VALIDATION_ERROR,
              failed.length > 0
                ? `В файле есть ошибки (строк: ${failed.length}). Исправьте их и загрузите файл снова — ничего не импортировано`
                : plan.fileErrors[0]!,
              details,
            );
          }

          const repo = createEmployeeImportRepository(tx);
          const created: EmployeeImportMissing = { branches: [], departments: [], positions: [] };
          const createdIds: Record<StructureKind, Map<string, number>> = {
            branches: new Map(),
            departments: new Map(),
            positions: new Map(),
          };
          if (options.createMissing) {
            for (const kind of ['branches', 'departments', 'positions'] as const) {
              const units = await repo.insertStructure(
                auth.companyId,
                kind,
                plan.missing[kind],
                company.timezone,
              );
              for (const unit of units) createdIds[kind].set(titleKey(unit.title), unit.id);
              created[kind] = units.map((unit) => unit.title);
            }
          }
          const idIn = (kind: StructureKind) => (ref: Ref) =>
            'id' in ref ? ref.id : createdIds[kind].get(ref.create)!;
          const refId = (kind: StructureKind, ref: Ref | null | undefined) =>
            ref === undefined || ref === null ? null : idIn(kind)(ref);

          const newMembers: NewMember[] = [];
          const updates: MemberUpdate[] = [];
          const invites: PlannedRow[] = [];
          for (const row of plan.rows) {
            const { parsed: values } = row;
            if (row.status === 'NEW') {
              newMembers.push({
                email: values.email,
                phone: values.phone,
                firstName: values.firstName,
                lastName: values.lastName,
                middleName: values.middleName ?? '',
                departmentId: refId('departments', row.department),
                positionId: refId('positions', row.position),
                personnelNumber: values.personnelNumber ?? null,
                hireDate: values.hireDate ?? null,
                branchIds: (row.branches ?? []).map(idIn('branches')),
              });
            } else if (row.status === 'UPDATE') {
              const { update } = memberUpdateOf(auth.companyId, row, row.member!, (kind, title) =>
                createdIds[kind].get(title)!,
              );
              updates.push(update);
            } else if (row.status === 'INVITE') {
              invites.push(row);
            }
          }

          const createdCount = await repo.insertMembers(auth.companyId, newMembers, {
            passwordHash,
            countryCode: company.countryCode,
          });
          await repo.updateMembers(auth.companyId, updates);
          for (const row of invites) {
            const { parsed: values } = row;
            await createInvitation(tx, {
              companyId: auth.companyId,
              companyTitle: company.title,
              userId: row.inviteUserId!,
              invitedByUserId: auth.userId,
              proposal: {
                email: values.email,
                phone: values.phone,
                firstName: values.firstName,
                lastName: values.lastName,
                middleName: values.middleName ?? '',
                role: Role.EMPLOYEE,
                departmentId: refId('departments', row.department),
                positionId: refId('positions', row.position),
                branchIds: (row.branches ?? []).map(idIn('branches')),
                personnelNumber: values.personnelNumber ?? null,
                hireDate: values.hireDate ?? null,
              },
            });
          }
          return {
            created: createdCount,
            updated: updates.length,
            invited: invites.length,
            skipped: plan.rows.filter((row) => row.status === 'SKIP').length,
            createdStructure: created,
          };
        });
      } catch (error) {
        // Another request took an email, a phone or a title meanwhile: the file is refused whole.
        if (isUniqueViolation(error)) {
          throw AppError.conflict(
            'Пока шла загрузка, данные компании изменились. Проверьте файл ещё раз и повторите импорт',
          );
        }
        throw error;
      }
    },
  };
}
