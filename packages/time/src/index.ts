export * from './dates.ts';
export * from './zone.ts';
export * from './schedule-definition.ts';
export * from './production-calendar.ts';
export * from './plan.ts';
export * from './intervals.ts';
export * from './attendance.ts';
export * from './timesheet.ts';
