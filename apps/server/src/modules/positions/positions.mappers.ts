import type { Position } from '@smena/contract';
import type { PositionRow } from './positions.repository.ts';

export function toPosition(row: PositionRow): Position {
  return {
    id: row.id,
    title: row.title,
    employeeCount: row.employeeCount,
    createdAt: row.createdAt.toISOString(),
  };
}
