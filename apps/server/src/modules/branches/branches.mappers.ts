import type { Branch } from '@smena/contract';
import type { BranchRow } from './branches.repository.ts';

export function toBranch(row: BranchRow): Branch {
  return {
    id: row.id,
    title: row.title,
    address: row.address,
    cityId: row.cityId,
    cityName: row.cityName,
    latitude: row.latitude,
    longitude: row.longitude,
    radius: row.radius,
    timezone: row.timezone,
    active: row.active,
    employeeCount: row.employeeCount,
    createdAt: row.createdAt.toISOString(),
  };
}
