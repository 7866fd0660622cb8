import type { AdminCompany } from '@smena/contract';
import { Tag } from 'antd';
import { companyStatusLabels, planStateColors, planStateLabels } from '../company-format.ts';

export function CompanyStatusTag({ status }: Pick<AdminCompany, 'status'>) {
  return <Tag color={status === 'ACTIVE' ? 'green' : 'red'}>{companyStatusLabels[status]}</Tag>;
}

export function PlanStateTag({ planState }: Pick<AdminCompany, 'planState'>) {
  return <Tag color={planStateColors[planState]}>{planStateLabels[planState]}</Tag>;
}
