import type { ListAdminCitiesQuery, ListAdminCountriesQuery } from '@smena/contract';

/** Query keys of the super admin's countries and cities; every edit invalidates `adminGeoKeys.all`. */
export const adminGeoKeys = {
  all: ['admin-geo'] as const,
  countries: (query: ListAdminCountriesQuery) => [...adminGeoKeys.all, 'countries', query] as const,
  cities: (query: ListAdminCitiesQuery) => [...adminGeoKeys.all, 'cities', query] as const,
};
