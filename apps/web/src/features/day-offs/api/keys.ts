import type { ListDayOffsQuery } from '@smena/contract';

/** Query keys of the day-offs feature: every mutation invalidates `dayOffsKeys.all`. */
export const dayOffsKeys = {
  all: ['day-offs'] as const,
  list: (query: Partial<ListDayOffsQuery>) => [...dayOffsKeys.all, 'list', query] as const,
  employeeOptions: (search: string) => ['day-offs-employee-options', search] as const,
  employeeOption: (id: number) => ['day-offs-employee-option', id] as const,
};
