/** The public entry of modules/day-offs: what other modules and db/demo use of it (eslint.config.js). */
export { createDayOffsService } from './day-offs.service.ts';
