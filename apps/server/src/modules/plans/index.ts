/** The public entry of modules/plans: what other modules and db/demo use of it (eslint.config.js). */
export { createPlansRepository } from './plans.repository.ts';
export { defaultTrialDays } from './plans.service.ts';
