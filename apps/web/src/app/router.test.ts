import type { ProfileEmployee, Role } from '@smena/contract';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { pageAccess, type GuardedPage } from '../config/access.ts';
import { currentEmployeeQueryOptions } from '../features/auth/api/get-current-employee.ts';
import { queryClient } from '../lib/query-client.ts';
import { ACCESS_TOKEN_KEY } from '../lib/token-storage.ts';
import { authLoader } from './guards/guard-loaders.ts';
import { pageGuard } from './guards/guards.ts';
import { routes } from './router.tsx';

/** The pages of the signed-in layout: routes with a path and no children of their own. */
function signedInPages(): RouteObject[] {
  const layout = findRoute(routes, (route) => route.loader === authLoader);
  if (!layout) throw new Error('No signed-in layout');
  const pages: RouteObject[] = [];
  const walk = (list: RouteObject[] = []) => {
    for (const route of list) {
      if (route.children) walk(route.children);
      else if (route.path) pages.push(route);
    }
  };
  walk(layout.children);
  return pages;
}

function findRoute(
  list: RouteObject[],
  match: (route: RouteObject) => boolean,
): RouteObject | null {
  for (const route of list) {
    if (match(route)) return route;
    const found = route.children ? findRoute(route.children, match) : null;
    if (found) return found;
  }
  return null;
}

/** What a route's loader answers for a person of `role`: null, a redirect or a thrown 403. */
async function loaderAnswer(route: RouteObject, role: Role) {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  queryClient.setQueryData(currentEmployeeQueryOptions().queryKey, { role } as ProfileEmployee);
  const url = `http://localhost${String(route.path).replace(':id', '15')}`;
  const args = { request: new Request(url), params: {}, context: {} } as LoaderFunctionArgs;
  if (typeof route.loader !== 'function') throw new Error(`${route.path} has no loader`);
  try {
    const result: unknown = await route.loader(args);
    if (result instanceof Response) return result.headers.get('Location');
    return result;
  } catch (error) {
    const thrown = error as { data: unknown; init: { status: number } };
    return { denied: thrown.data, status: thrown.init.status };
  }
}

afterEach(() => queryClient.clear());

describe('routes and the access table', () => {
  it('every signed-in page is in the table, and every page of the table has a route', () => {
    const paths = signedInPages().map((route) => route.path);
    expect([...paths].sort()).toEqual(Object.keys(pageAccess).sort());
  });

  it('each page’s loader decides as the table says, for every role', async () => {
    for (const route of signedInPages()) {
      for (const role of ['SUPERADMIN', 'ADMIN', 'MANAGER', 'EMPLOYEE'] as const) {
        const decision = pageGuard(role, route.path as GuardedPage);
        const expected =
          decision === null || typeof decision === 'string'
            ? decision
            : { denied: decision.denied, status: 403 };
        expect({ page: route.path, role, answer: await loaderAnswer(route, role) }).toEqual({
          page: route.path,
          role,
          answer: expected,
        });
      }
    }
  });

  it('a manager typing the API keys address is told why; an employee typing the plan goes home', async () => {
    const page = (path: string) => {
      const route = signedInPages().find((item) => item.path === path);
      if (!route) throw new Error(`No route ${path}`);
      return route;
    };
    expect(await loaderAnswer(page('/company/profile/apikey'), 'MANAGER')).toEqual({
      denied: 'Эта страница доступна только администратору компании',
      status: 403,
    });
    expect(await loaderAnswer(page('/company/profile/organization'), 'MANAGER')).toMatchObject({
      status: 403,
    });
    expect(await loaderAnswer(page('/company/plan'), 'MANAGER')).toMatchObject({ status: 403 });
    expect(await loaderAnswer(page('/company/plan'), 'EMPLOYEE')).toBe('/');
    expect(await loaderAnswer(page('/company/profile/apikey'), 'ADMIN')).toBeNull();
  });
});
