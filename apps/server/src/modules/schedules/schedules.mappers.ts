import type { Schedule, ScheduleAssignment } from '@smena/contract';
import type { ScheduleAssignmentRow, ScheduleRow } from './schedules.repository.ts';

export function toSchedule(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    definition: row.definition,
    color: row.color,
    accountingPeriod: row.accountingPeriod,
    employeeCount: row.employeeCount,
    definitionFrom: row.definitionFrom,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toScheduleAssignment(row: ScheduleAssignmentRow): ScheduleAssignment {
  return {
    id: row.id,
    employeeId: row.employeeId,
    scheduleId: row.scheduleId,
    scheduleTitle: row.scheduleTitle,
    scheduleType: row.scheduleType,
    effectiveFrom: row.effectiveFrom,
    createdAt: row.createdAt.toISOString(),
  };
}
