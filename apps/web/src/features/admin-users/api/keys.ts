import type { ListAdminUsersQuery } from '@smena/contract';

/** Query keys of the super admin's users; every write invalidates `adminUsersKeys.all`. */
export const adminUsersKeys = {
  all: ['admin-users'] as const,
  list: (query: ListAdminUsersQuery) => [...adminUsersKeys.all, 'list', query] as const,
};
