/** The attendance module's public entry: other modules import from here only. */
export {
  type AttendanceService,
  type AttendanceSubject,
  type CompanyAttendanceSettings,
  type EmployeeAttendance,
  type StoredCheck,
  createAttendanceService,
  timesheetRulesOf,
} from './attendance.service.ts';
export type { OverrideRow } from './attendance.repository.ts';
export {
  type AttendanceDatesService,
  createAttendanceDatesService,
} from './attendance-dates.service.ts';
