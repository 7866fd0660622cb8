import { ListAdminCitiesQuerySchema } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import { createListQuery, hasListFilters } from './list-query.ts';

const list = createListQuery(ListAdminCitiesQuerySchema);

describe('list query in the address', () => {
  it('starts from the schema’s defaults', () => {
    expect(list.defaults).toEqual({ page: 1, limit: 20, sort: 'name', order: 'asc' });
    expect(list.parse(new URLSearchParams())).toEqual(list.defaults);
  });

  it('keeps good values and drops a wrong one without losing the rest', () => {
    const query = list.parse(
      new URLSearchParams(
        'countryId=3&page=0&limit=50&sort=branchCount&order=desc&search=%20Ош%20',
      ),
    );
    expect(query).toEqual({
      page: 1,
      limit: 50,
      countryId: 3,
      sort: 'branchCount',
      order: 'desc',
      search: 'Ош',
    });
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const query = { ...list.defaults, countryId: 3, page: 2 };
    const params = list.toParams(query);
    expect(params.toString()).toBe('page=2&countryId=3');
    expect(list.parse(params)).toEqual(query);
  });

  it('tells whether a filter narrows the list', () => {
    expect(hasListFilters(list, list.defaults, ['search', 'countryId'])).toBe(false);
    expect(hasListFilters(list, { ...list.defaults, countryId: 1 }, ['search', 'countryId'])).toBe(
      true,
    );
    expect(hasListFilters(list, { ...list.defaults, page: 4 }, ['search', 'countryId'])).toBe(
      false,
    );
  });
});
