import {
  DateStringSchema,
  DeviationStatusSchema,
  DeviationTypeSchema,
  IdSchema,
  MAX_DEVIATION_DAYS,
} from '@smena/contract';
import type { DeviationsQuery } from './api/keys.ts';

const dayMs = 86_400_000;

function daysBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / dayMs + 1;
}

/**
 * The inbox's filters from the address (a shared link opens the same list); anything unreadable
 * falls back: the period to this month up to today.
 */
export function parseDeviationParams(params: URLSearchParams, today: string): DeviationsQuery {
  const date = (name: string) => DateStringSchema.safeParse(params.get(name) ?? '').data;
  const id = (name: string) =>
    params.has(name) ? IdSchema.safeParse(params.get(name)).data : undefined;
  let from = date('from');
  let to = date('to');
  if (!from || !to || to < from || daysBetween(from, to) > MAX_DEVIATION_DAYS) {
    from = `${today.slice(0, 8)}01`;
    to = today;
  }
  return {
    from,
    to,
    type: DeviationTypeSchema.safeParse(params.get('type')).data,
    status: DeviationStatusSchema.safeParse(params.get('status')).data,
    branchId: id('branchId'),
    departmentId: id('departmentId'),
    employeeId: id('employeeId'),
  };
}

export function toDeviationSearchParams(query: DeviationsQuery): URLSearchParams {
  const result = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') result.set(key, String(value));
  return result;
}
