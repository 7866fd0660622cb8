import { roleLabels, type CompanyRole, type Employee, type EmployeeStatus } from '@smena/contract';

/** «Фамилия Имя Отчество»; the email (or «Без имени») for someone who has not given a name yet. */
export function fullName(
  employee: Pick<Employee, 'lastName' | 'firstName' | 'middleName'> &
    Partial<Pick<Employee, 'email'>>,
): string {
  const name = [employee.lastName, employee.firstName, employee.middleName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return name || employee.email || 'Без имени';
}

/** Two letters for the avatar: surname and first name. */
export function employeeInitials(
  employee: Pick<Employee, 'lastName' | 'firstName'> & Partial<Pick<Employee, 'email'>>,
): string {
  const letters = `${employee.lastName.trim().charAt(0)}${employee.firstName.trim().charAt(0)}`;
  return (letters || employee.email?.charAt(0) || '?').toUpperCase();
}

export const statusLabels: Record<EmployeeStatus, string> = {
  ACTIVE: 'Работает',
  DISMISSED: 'Уволен',
  DEACTIVATED: 'Отключён',
};

export const statusColors: Record<EmployeeStatus, string> = {
  ACTIVE: 'green',
  DISMISSED: 'default',
  DEACTIVATED: 'orange',
};

export const roleColors: Record<CompanyRole, string> = {
  ADMIN: 'purple',
  MANAGER: 'blue',
  EMPLOYEE: 'default',
};

export function companyRoleLabel(role: CompanyRole): string {
  return roleLabels[role];
}

/** Russian plural: plural(5, ['запись', 'записи', 'записей']) → «записей». */
export function plural(count: number, forms: readonly [string, string, string]): string {
  const n = Math.abs(count) % 100;
  const last = n % 10;
  if (n > 10 && n < 20) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** «1 запись», «3 записи», «25 записей» */
export function recordsLabel(total: number): string {
  return `${total} ${plural(total, ['запись', 'записи', 'записей'])}`;
}

/** Formats E.164 `+79991234567` as `+7 999 123-45-67` for reading (Russian-style numbers only). */
export function readablePhone(phone: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+7 ${match[1]} ${match[2]}-${match[3]}-${match[4]}` : phone;
}

/** «1 сотрудник», «3 сотрудника», «25 сотрудников». */
export function employeesLabel(count: number): string {
  return `${count} ${plural(count, ['сотрудник', 'сотрудника', 'сотрудников'])}`;
}
