import { ListEmployeesQuerySchema, type ListEmployeesQuery } from '@smena/contract';
import type { ExportEmployeesQuery } from './api/export-employees.ts';

const shape = ListEmployeesQuerySchema.shape;

export const DEFAULT_LIST_QUERY: ListEmployeesQuery = ListEmployeesQuerySchema.parse({});

const KEYS = [
  'page',
  'limit',
  'search',
  'branchId',
  'departmentId',
  'positionId',
  'role',
  'status',
  'sort',
  'order',
] as const satisfies readonly (keyof ListEmployeesQuery)[];

type Key = (typeof KEYS)[number];

/**
 * The list's state read from the address bar: each parameter is checked with the contract's
 * schema on its own, so one wrong value falls back to its default and the others still apply.
 */
export function parseListQuery(params: URLSearchParams): ListEmployeesQuery {
  const query: Record<string, unknown> = { ...DEFAULT_LIST_QUERY };
  for (const key of KEYS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  return query as ListEmployeesQuery;
}

/** The address-bar form of the query: only what differs from the defaults. */
export function toSearchParams(query: ListEmployeesQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = query[key as Key];
    if (value === undefined || value === null || value === '') continue;
    if (value === DEFAULT_LIST_QUERY[key]) continue;
    params.set(key, String(value));
  }
  return params;
}

/** Whether any filter narrows the list (the empty state then suggests clearing them). */
export function hasFilters(query: ListEmployeesQuery): boolean {
  return Boolean(
    query.search ||
    query.branchId ||
    query.departmentId ||
    query.positionId ||
    query.role ||
    query.status !== DEFAULT_LIST_QUERY.status,
  );
}

/** The same filters and sort for «Экспорт в Excel». */
export function toExportQuery(query: ListEmployeesQuery): ExportEmployeesQuery {
  const { page: _page, limit: _limit, ...rest } = query;
  return rest;
}
