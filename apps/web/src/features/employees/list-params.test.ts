import { describe, expect, it } from 'vitest';
import { recordsLabel } from './employee-format.ts';
import {
  DEFAULT_LIST_QUERY,
  hasFilters,
  parseListQuery,
  toExportQuery,
  toSearchParams,
} from './list-params.ts';

describe('employees list parameters', () => {
  it('reads filters from the address and ignores wrong values one by one', () => {
    const query = parseListQuery(
      new URLSearchParams('search=Иван&page=3&departmentId=7&role=BOSS&status=ALL&sort=hireDate'),
    );
    expect(query).toMatchObject({
      search: 'Иван',
      page: 3,
      departmentId: 7,
      status: 'ALL',
      sort: 'hireDate',
      order: 'asc',
      limit: 20,
    });
    expect(query.role).toBeUndefined();
  });

  it('writes only what differs from the defaults', () => {
    expect(toSearchParams(DEFAULT_LIST_QUERY).toString()).toBe('');
    const params = toSearchParams({ ...DEFAULT_LIST_QUERY, search: 'Петров', positionId: 2 });
    expect(params.get('search')).toBe('Петров');
    expect(params.get('positionId')).toBe('2');
    expect(params.has('page')).toBe(false);
    expect(parseListQuery(params)).toEqual({
      ...DEFAULT_LIST_QUERY,
      search: 'Петров',
      positionId: 2,
    });
  });

  it('knows when filters narrow the list', () => {
    expect(hasFilters(DEFAULT_LIST_QUERY)).toBe(false);
    expect(hasFilters({ ...DEFAULT_LIST_QUERY, status: 'DISMISSED' })).toBe(true);
    expect(hasFilters({ ...DEFAULT_LIST_QUERY, page: 4 })).toBe(false);
  });

  it('exports with the same filters, without paging', () => {
    const exported = toExportQuery({ ...DEFAULT_LIST_QUERY, page: 2, role: 'MANAGER' });
    expect(exported).not.toHaveProperty('page');
    expect(exported).not.toHaveProperty('limit');
    expect(exported.role).toBe('MANAGER');
  });

  it('counts records in Russian', () => {
    expect(recordsLabel(1)).toBe('1 запись');
    expect(recordsLabel(3)).toBe('3 записи');
    expect(recordsLabel(11)).toBe('11 записей');
    expect(recordsLabel(25)).toBe('25 записей');
    expect(recordsLabel(101)).toBe('101 запись');
  });
});
