/** The public entry of modules/calendar: what other modules and db/demo use of it (eslint.config.js). */
export { createCalendarRepository } from './calendar.repository.ts';
export { createPlanRuleGuard, refusalMessage } from './plan-rule-guard.ts';
export { writeRoster } from './calendar.service.ts';
