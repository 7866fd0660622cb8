import { describe, expect, it } from 'vitest';
import { routePattern } from './route-pattern.ts';

const match = (path?: string) => ({ route: { path } });

describe('routePattern', () => {
  it('answers the pattern of the deepest route, not the URL', () => {
    expect(
      routePattern([match(), match(), match(), match(), match('/company/employees/:id')]),
    ).toBe('/company/employees/:id');
  });

  it('joins a relative child path to its parent', () => {
    expect(routePattern([match('/settings'), match('app-config')])).toBe('/settings/app-config');
    expect(routePattern([match('/company/'), match(':id')])).toBe('/company/:id');
  });

  it('answers / for the index route and /not-found for the catch-all', () => {
    expect(routePattern([match(), match(), { route: { index: true } }])).toBe('/');
    expect(routePattern([match(), match('*')])).toBe('/not-found');
  });
});
