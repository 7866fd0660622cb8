/** Query keys of the super admin's configuration table; every write invalidates `all`. */
export const configEntriesKeys = {
  all: ['admin-config'] as const,
  list: () => [...configEntriesKeys.all, 'list'] as const,
  companies: (search: string) => [...configEntriesKeys.all, 'companies', search] as const,
};
