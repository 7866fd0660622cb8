import type { AuditEntry, ListAuditQuery, Page } from '@smena/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminCompaniesKeys } from './keys.ts';

/** The company's audit log, newest first. */
export function fetchCompanyAudit(id: number, query: ListAuditQuery, signal?: AbortSignal) {
  return apiClient.get<Page<AuditEntry>>(`/admin/companies/${id}/audit`, { query, signal });
}

export function companyAuditQueryOptions(id: number, query: ListAuditQuery) {
  return queryOptions({
    queryKey: adminCompaniesKeys.audit(id, query),
    queryFn: ({ signal }) => fetchCompanyAudit(id, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyAudit(id: number | null, query: ListAuditQuery) {
  return useQuery({ ...companyAuditQueryOptions(id ?? 0, query), enabled: id !== null });
}
