import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A field of a contract's list-query schema, seen only through `safeParse`. */
type FieldParser = {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
};

/** A contract's list-query schema (`ListAdminCompaniesQuerySchema` …). */
export type ListQuerySchema<Q> = {
  parse(value: unknown): Q;
  shape: Record<string, FieldParser>;
};

export type ListQuery<Q> = {
  defaults: Q;
  /** The query read from the address bar; each wrong value falls back to its default alone. */
  parse(params: URLSearchParams): Q;
  /** The address-bar form of the query: only what differs from the defaults. */
  toParams(query: Q): URLSearchParams;
};

/**
 * A server-paged list whose state (page, search, filters, sort) lives in the address, checked by
 * the same contract schema the server uses.
 */
export function createListQuery<Q extends object>(schema: ListQuerySchema<Q>): ListQuery<Q> {
  const defaults = schema.parse({});
  const keys = Object.keys(schema.shape);
  const defaultOf = (key: string) => (defaults as Record<string, unknown>)[key];

  return {
    defaults,
    parse(params) {
      const query: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
      for (const key of keys) {
        const raw = params.get(key);
        if (raw === null || raw.trim() === '') continue;
        const parsed = schema.shape[key]!.safeParse(raw);
        if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
      }
      return query as Q;
    },
    toParams(query) {
      const params = new URLSearchParams();
      for (const key of keys) {
        const value = (query as Record<string, unknown>)[key];
        if (value === undefined || value === null || value === '') continue;
        if (value === defaultOf(key)) continue;
        params.set(key, String(value as string | number | boolean));
      }
      return params;
    },
  };
}

/** Whether any of `keys` narrows the list (the empty state then offers to clear the filters). */
export function hasListFilters<Q extends object>(
  list: ListQuery<Q>,
  query: Q,
  keys: readonly (keyof Q)[],
): boolean {
  return keys.some((key) => {
    const value = query[key];
    return value !== undefined && value !== '' && value !== list.defaults[key];
  });
}

/**
 * The list's query from the address and a way to change it; a change that is not a page
 * change starts again from the first page. The history is replaced, not pushed.
 */
export function useListQuery<Q extends { page: number }>(list: ListQuery<Q>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = list.parse(searchParams);

  const update = useCallback(
    (change: Partial<Q>) => {
      setSearchParams(
        (current) => {
          const next = { ...list.parse(current), ...change };
          if (!('page' in change)) next.page = 1;
          return list.toParams(next);
        },
        { replace: true },
      );
    },
    [list, setSearchParams],
  );

  const reset = useCallback(
    () => setSearchParams(new URLSearchParams(), { replace: true }),
    [setSearchParams],
  );

  return { query, update, reset };
}
