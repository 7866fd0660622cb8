import { Role, type Employee, type EmployeeStatus } from '@smena/contract';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import type { EmployeeBranchRow, EmployeeRow } from './employees.repository.ts';

/**
 * Who sees whose contacts: when the company hides them, a MANAGER sees only their own;
 * an ADMIN always sees everyone's.
 */
export function contactsVisibility(
  auth: Pick<CompanyAuthContext, 'role' | 'userId' | 'companyId'>,
  company: { hideContacts: boolean },
) {
  const hidesOthers = company.hideContacts && auth.role !== Role.ADMIN;
  return {
    companyId: auth.companyId,
    /** Whether email and phone may be searched (a match would reveal them). */
    canSearchContacts: !hidesOthers,
    canSeeContactsOf: (userId: number) => !hidesOthers || userId === auth.userId,
  };
}

export type ContactsVisibility = ReturnType<typeof contactsVisibility>;

/**
 * A company may rewrite an account's name, email and phone only when it created the account and
 * the person has never logged in (decision 009): until then nobody else relies on them.
 */
export function canCompanyEditIdentity(
  companyId: number,
  user: { createdByCompanyId: number | null; lastLoginAt: Date | null },
): boolean {
  return user.createdByCompanyId === companyId && user.lastLoginAt === null;
}

function nameOverridden(row: EmployeeRow): boolean {
  return (
    row.firstName !== row.accountFirstName ||
    row.lastName !== row.accountLastName ||
    row.middleName !== row.accountMiddleName
  );
}

export function toEmployee(
  row: EmployeeRow,
  branches: { id: number; title: string }[],
  visibility: ContactsVisibility,
): Employee {
  const showContacts = visibility.canSeeContactsOf(row.userId);
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    accountName: nameOverridden(row)
      ? fullNameOf({
          lastName: row.accountLastName,
          firstName: row.accountFirstName,
          middleName: row.accountMiddleName,
        })
      : null,
    email: showContacts ? row.email : null,
    phone: showContacts ? row.phone : null,
    avatar: row.avatar,
    role: row.role,
    status: row.status,
    departmentId: row.departmentId,
    departmentTitle: row.departmentTitle,
    positionId: row.positionId,
    positionTitle: row.positionTitle,
    branches,
    personnelNumber: row.personnelNumber,
    hireDate: row.hireDate,
    dismissedAt: row.dismissedAt,
    createdAt: row.createdAt.toISOString(),
    canEditIdentity: canCompanyEditIdentity(visibility.companyId, row),
  };
}

/** Groups the rows of one branches query by employee. */
export function branchesByEmployee(rows: EmployeeBranchRow[]) {
  const grouped = new Map<number, { id: number; title: string }[]>();
  for (const row of rows) {
    const list = grouped.get(row.employeeId) ?? [];
    list.push({ id: row.id, title: row.title });
    grouped.set(row.employeeId, list);
  }
  return (employeeId: number) => grouped.get(employeeId) ?? [];
}

export const employeeStatusLabels: Record<EmployeeStatus, string> = {
  ACTIVE: 'Работает',
  DISMISSED: 'Уволен',
  DEACTIVATED: 'Деактивирован',
};

export function fullNameOf(row: Pick<EmployeeRow, 'lastName' | 'firstName' | 'middleName'>) {
  return [row.lastName, row.firstName, row.middleName].filter(Boolean).join(' ');
}
