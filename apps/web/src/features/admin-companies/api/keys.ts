import type { ListAdminCompaniesQuery, ListAuditQuery } from '@smena/contract';

/** Query keys of the super admin's companies; every write invalidates `adminCompaniesKeys.all`. */
export const adminCompaniesKeys = {
  all: ['admin-companies'] as const,
  list: (query: ListAdminCompaniesQuery) => [...adminCompaniesKeys.all, 'list', query] as const,
  detail: (id: number) => [...adminCompaniesKeys.all, 'detail', id] as const,
  audit: (id: number, query: ListAuditQuery) =>
    [...adminCompaniesKeys.all, 'audit', id, query] as const,
};
