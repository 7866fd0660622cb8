import {
  dayOffStatusLabels,
  dayOffTypeLabels,
  type DayOffStatus,
  type DayOffType,
} from '@smena/contract';
import { Tag } from 'antd';
import { dayOffStatusColors, dayOffTypeColors } from '../day-off-format.ts';

export function DayOffTypeTag({ type }: { type: DayOffType }) {
  return (
    <Tag color={dayOffTypeColors[type]} variant="filled">
      {dayOffTypeLabels[type]}
    </Tag>
  );
}

export function DayOffStatusTag({ status }: { status: DayOffStatus }) {
  return (
    <Tag color={dayOffStatusColors[status]} variant="outlined">
      {dayOffStatusLabels[status]}
    </Tag>
  );
}
