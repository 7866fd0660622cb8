import type { IdFixtures } from './types.ts';

export const positionsFixtures: IdFixtures = {};
