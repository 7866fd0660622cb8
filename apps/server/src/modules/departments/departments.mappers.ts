import type { Department } from '@smena/contract';
import type { DepartmentRow } from './departments.repository.ts';

export function toDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    title: row.title,
    parentId: row.parentId,
    headEmployeeId: row.headEmployeeId,
    headName: row.headName,
    employeeCount: row.employeeCount,
    createdAt: row.createdAt.toISOString(),
  };
}
