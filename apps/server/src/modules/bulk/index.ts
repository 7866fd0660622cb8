/** The bulk module's public entry: how other modules report a bulk action item by item. */
export { type OnUnexpected, createBulkResult, reasonOf } from './bulk-results.ts';
export { rosterOfPlan } from './bulk-calendar.service.ts';
