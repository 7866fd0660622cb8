import type { IdFixtures } from './types.ts';

export const registrationLinksFixtures: IdFixtures = {};
