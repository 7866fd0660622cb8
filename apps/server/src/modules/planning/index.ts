/** The public entry of modules/planning: what other modules and db/demo use of it (eslint.config.js). */
export { createPlanningRepository } from './planning.repository.ts';
export { createPlanningService, toProductionCalendar } from './planning.service.ts';
