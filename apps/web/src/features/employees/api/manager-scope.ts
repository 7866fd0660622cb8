import type { ManagerScope, ManagerScopeInput } from '@smena/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesKeys } from './keys.ts';

/** Whom a MANAGER manages: the whole company, or the chosen branches and departments. */
export function fetchManagerScope(id: number, signal?: AbortSignal) {
  return apiClient.get<ManagerScope>(`/employees/${id}/manager-scope`, { signal });
}

export function managerScopeQueryOptions(id: number) {
  return queryOptions({
    queryKey: employeesKeys.managerScope(id),
    queryFn: ({ signal }) => fetchManagerScope(id, signal),
    // The card's section says it failed in its own place.
    meta: { silentError: true },
  });
}

export function useManagerScope(id: number, enabled = true) {
  return useQuery({ ...managerScopeQueryOptions(id), enabled });
}

/** ADMIN only: 422 names `branchIds` / `departmentIds` / `kind`; 409 when not a MANAGER. */
export function setManagerScope({ id, input }: { id: number; input: ManagerScopeInput }) {
  return apiClient.put<ManagerScope>(`/employees/${id}/manager-scope`, input);
}

export function useSetManagerScope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setManagerScope,
    meta: { silentError: true },
    onSuccess: (scope) => {
      queryClient.setQueryData(employeesKeys.managerScope(scope.employeeId), scope);
      return queryClient.invalidateQueries({
        queryKey: employeesKeys.managerScope(scope.employeeId),
      });
    },
  });
}
