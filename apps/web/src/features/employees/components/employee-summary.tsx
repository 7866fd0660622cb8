import type { Employee } from '@smena/contract';
import { Avatar, Typography } from 'antd';
import { employeeInitials } from '../employee-format.ts';
import { RoleTag, StatusTag } from './employee-tags.tsx';
import './employees.css';

/** Under the card's title: avatar, role and status, position. */
export function EmployeeSummary({ employee }: { employee: Employee }) {
  const subtitle = [employee.positionTitle, employee.departmentTitle].filter(Boolean).join(' · ');
  return (
    <div className="smena-employee-summary">
      <Avatar size={56} src={employee.avatar ?? undefined} className="smena-employee-cell__avatar">
        {employeeInitials(employee)}
      </Avatar>
      <div>
        <div className="smena-tags">
          <RoleTag role={employee.role} />
          <StatusTag employee={employee} />
          {employee.status === 'DISMISSED' && employee.dismissedAt && (
            <Typography.Text type="secondary">уволен {employee.dismissedAt}</Typography.Text>
          )}
        </div>
        {subtitle && (
          <Typography.Text type="secondary" className="smena-employee-summary__subtitle">
            {subtitle}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
