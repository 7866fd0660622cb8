import type { Branch, Department, Page, Position } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** An entry of a select: the structure pages own the full records, forms need only these two. */
export type StructureOption = { id: number; title: string };

const OPTIONS_LIMIT = 1000;

function toOptions(page: Page<{ id: number; title: string }>): StructureOption[] {
  return page.items.map(({ id, title }) => ({ id, title }));
}

export async function fetchBranchOptions(signal?: AbortSignal): Promise<StructureOption[]> {
  const page = await apiClient.get<Page<Branch>>('/branches', {
    query: { limit: OPTIONS_LIMIT, active: true },
    signal,
  });
  return toOptions(page);
}

export async function fetchDepartmentOptions(signal?: AbortSignal): Promise<StructureOption[]> {
  const page = await apiClient.get<Page<Department>>('/departments', {
    query: { limit: OPTIONS_LIMIT },
    signal,
  });
  return toOptions(page);
}

export async function fetchPositionOptions(signal?: AbortSignal): Promise<StructureOption[]> {
  const page = await apiClient.get<Page<Position>>('/positions', {
    query: { limit: OPTIONS_LIMIT },
    signal,
  });
  return toOptions(page);
}

// Keys start with the structure's name so that the structure pages' invalidations refresh them.
export function branchOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['branches', 'select-options'],
    queryFn: ({ signal }) => fetchBranchOptions(signal),
    staleTime: 60_000,
  });
}

export function departmentOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['departments', 'select-options'],
    queryFn: ({ signal }) => fetchDepartmentOptions(signal),
    staleTime: 60_000,
  });
}

export function positionOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['positions', 'select-options'],
    queryFn: ({ signal }) => fetchPositionOptions(signal),
    staleTime: 60_000,
  });
}

export type StructureOptions = {
  branches: StructureOption[];
  departments: StructureOption[];
  positions: StructureOption[];
  isLoading: boolean;
};

/** Branches, departments and positions for the filters and forms (hidden structures are not asked). */
export function useStructureOptions({
  withBranches = true,
  withDepartments = true,
}: { withBranches?: boolean; withDepartments?: boolean } = {}): StructureOptions {
  const branches = useQuery({ ...branchOptionsQueryOptions(), enabled: withBranches });
  const departments = useQuery({ ...departmentOptionsQueryOptions(), enabled: withDepartments });
  const positions = useQuery(positionOptionsQueryOptions());
  return {
    branches: branches.data ?? [],
    departments: departments.data ?? [],
    positions: positions.data ?? [],
    isLoading:
      (withBranches && branches.isPending) ||
      (withDepartments && departments.isPending) ||
      positions.isPending,
  };
}
