import type { ListEmployeesQuery } from '@smena/contract';

/** Query keys of the employees feature: every mutation invalidates `employeesKeys.all`. */
export const employeesKeys = {
  all: ['employees'] as const,
  list: (query: ListEmployeesQuery) => [...employeesKeys.all, 'list', query] as const,
  detail: (id: number) => [...employeesKeys.all, 'detail', id] as const,
  invitations: () => [...employeesKeys.all, 'invitations'] as const,
};
