import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Page, PaginationQuery } from '@smena/contract';

export function offsetOf(query: Pick<PaginationQuery, 'page' | 'limit'>): number {
  return (query.page - 1) * query.limit;
}

export function pageResult<T>(
  items: T[],
  total: number,
  query: Pick<PaginationQuery, 'page' | 'limit'>,
): Page<T> {
  return { items, total, page: query.page, limit: query.limit };
}

/** Escapes LIKE wildcards so that a search for `50%` finds the text `50%`. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `column = any($1::int[])`: one array parameter instead of `in ($1, …, $1000)`, so that a page of
 * a thousand ids builds and plans as cheaply as a page of ten.
 */
export function inIds(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}
