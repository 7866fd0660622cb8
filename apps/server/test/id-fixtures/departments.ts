import type { IdFixtures } from './types.ts';

export const departmentsFixtures: IdFixtures = {};
