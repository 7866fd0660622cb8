/** The calendar feature's public entry: what other features may use. */
export { calendarYearQueryOptions } from './api/get-calendar-year.ts';
export { cellView } from './cell-format.ts';
