import type { DeviationStatus, DeviationType } from '@smena/contract';

/** `GET /deviations` as the web app sends it (numbers already numbers). */
export type DeviationsQuery = {
  from: string;
  to: string;
  type?: DeviationType;
  status?: DeviationStatus;
  branchId?: number;
  departmentId?: number;
  employeeId?: number;
};

/**
 * Query keys of the inbox. An action invalidates `deviationsKeys.all` (the list and the menu's
 * count) and the reports, whose codes it may change.
 */
export const deviationsKeys = {
  all: ['deviations'] as const,
  list: (query: DeviationsQuery) => [...deviationsKeys.all, 'list', query] as const,
  count: () => [...deviationsKeys.all, 'count'] as const,
};
