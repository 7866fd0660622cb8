import type { TestApp } from '../build-test-app.ts';
import type { TestCompany } from '../factories.ts';

export type IdFixture = (
  companyA: TestCompany,
  t: TestApp,
) => Promise<{ id: number | string; payload?: unknown; query?: string }>;
export type IdFixtures = Record<string, IdFixture>;
