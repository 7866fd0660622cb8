import type { CompanyRole, Employee } from '@smena/contract';
import { Tag, Tooltip } from 'antd';
import { companyRoleLabel, roleColors, statusColors, statusLabels } from '../employee-format.ts';

export function RoleTag({ role }: { role: CompanyRole }) {
  return (
    <Tag color={roleColors[role]} variant="filled">
      {companyRoleLabel(role)}
    </Tag>
  );
}

export function StatusTag({ employee }: { employee: Pick<Employee, 'status' | 'dismissedAt'> }) {
  const tag = (
    <Tag color={statusColors[employee.status]} variant="filled">
      {statusLabels[employee.status]}
    </Tag>
  );
  return employee.status === 'DISMISSED' && employee.dismissedAt ? (
    <Tooltip title={`Дата увольнения: ${employee.dismissedAt}`}>{tag}</Tooltip>
  ) : (
    tag
  );
}
