/** The public entry of modules/reports: what other modules use of it (eslint.config.js). */
export { writeTimesheetDay } from './reports.service.ts';
