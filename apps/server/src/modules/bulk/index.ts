/** The bulk module's public entry: how other modules report a bulk action item by item. */
export { type OnUnexpected, createBulkResult, reasonOf } from './bulk-results.ts';
