import type { IdFixtures } from './types.ts';

export const branchesFixtures: IdFixtures = {};
