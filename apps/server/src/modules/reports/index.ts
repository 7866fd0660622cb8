/** The reports module's public entry: other modules import from here only. */
export { type ReportsCaller, createReportsService, writeTimesheetDay } from './reports.service.ts';
export { type ReportFilters, createReportsRepository } from './reports.repository.ts';
