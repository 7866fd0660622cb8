/** The public entry of modules/schedules: what other modules and db/demo use of it (eslint.config.js). */
export { createSchedulesService } from './schedules.service.ts';
