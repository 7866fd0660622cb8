import type { DayOff } from '@smena/contract';
import type { DayOffRow } from './day-offs.repository.ts';

export function toDayOff(row: DayOffRow): DayOff {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName: row.employeeName,
    type: row.type,
    from: row.dateFrom,
    to: row.dateTo,
    comment: row.comment,
    status: row.status,
    createdById: row.createdBy,
    createdByName: row.createdByName,
    decidedById: row.decidedBy,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decisionComment: row.decisionComment,
    createdAt: row.createdAt.toISOString(),
  };
}
