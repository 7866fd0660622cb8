import type { IdFixtures } from './types.ts';

export const employeesFixtures: IdFixtures = {};
