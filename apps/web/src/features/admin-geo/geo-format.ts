import {
  ListAdminCitiesQuerySchema,
  ListAdminCountriesQuerySchema,
  type AdminCity,
  type AdminCountry,
} from '@smena/contract';
import { createListQuery } from '../../lib/list-query.ts';

export const countriesListQuery = createListQuery(ListAdminCountriesQuerySchema);
export const citiesListQuery = createListQuery(ListAdminCitiesQuerySchema);

/** Russian plural: pluralize(5, ['город', 'города', 'городов']) → «5 городов». */
export function pluralize(count: number, forms: readonly [string, string, string]): string {
  const n = Math.abs(count) % 100;
  const last = n % 10;
  let form = forms[2];
  if (n < 11 || n > 19) {
    if (last === 1) form = forms[0];
    else if (last >= 2 && last <= 4) form = forms[1];
  }
  return `${count} ${form}`;
}

/**
 * What keeps a country from being deleted («3 города, 1 компания»), or null when nothing does.
 * The server decides in the end; this lets the page explain before asking.
 */
export function countryUsage(
  country: Pick<AdminCountry, 'cityCount' | 'companyCount' | 'userCount'>,
): string | null {
  const parts = [
    country.cityCount > 0 ? pluralize(country.cityCount, ['город', 'города', 'городов']) : null,
    country.companyCount > 0
      ? pluralize(country.companyCount, ['компания', 'компании', 'компаний'])
      : null,
    country.userCount > 0
      ? pluralize(country.userCount, ['пользователь', 'пользователя', 'пользователей'])
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Whether a country's ISO code may still change (nothing refers to it by code). */
export function isCountryCodeLocked(
  country: Pick<AdminCountry, 'companyCount' | 'userCount'> | null,
): boolean {
  return country !== null && country.companyCount + country.userCount > 0;
}

/** «2 филиала», or null when no branch names the city. */
export function cityUsage(city: Pick<AdminCity, 'branchCount'>): string | null {
  return city.branchCount > 0
    ? pluralize(city.branchCount, ['филиал', 'филиала', 'филиалов'])
    : null;
}
