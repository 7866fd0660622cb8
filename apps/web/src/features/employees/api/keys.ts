import type { ListEmployeesQuery } from '@smena/contract';

/** Query keys of the employees feature: every mutation invalidates `employeesKeys.all`. */
export const employeesKeys = {
  all: ['employees'] as const,
  list: (query: ListEmployeesQuery) => [...employeesKeys.all, 'list', query] as const,
  detail: (id: number) => [...employeesKeys.all, 'detail', id] as const,
  invitations: () => [...employeesKeys.all, 'invitations'] as const,
  /** Under `all`: a role change (and with it a scope reset on the server) refreshes it too. */
  managerScope: (id: number) => [...employeesKeys.all, 'manager-scope', id] as const,
};
