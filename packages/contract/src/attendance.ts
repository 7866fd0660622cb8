import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, idField } from './common.ts';
import { dateRangeCheck } from './reports.ts';
import { DayPlanKindSchema } from './schedules.ts';
import { DayOffTypeSchema } from './work-time.ts';

// ---------- Attendance by date: GET /attendance, GET /profile/attendance ----------

/** The longest range of one attendance request: a quarter and the day before it. */
export const MAX_ATTENDANCE_DAYS = 93;
/** The most employees of one attendance request (the largest page of checks). */
export const MAX_ATTENDANCE_EMPLOYEES = 200;

const checkAttendanceRange = dateRangeCheck(MAX_ATTENDANCE_DAYS, 'Период');

/**
 * Which dates the answer holds: `marked` — dates with checks, absences and shifts begun with no
 * check yet (what a list of checks needs, small for many employees); `all` — every date.
 */
export const AttendanceDatesSchema = z.enum(['marked', 'all']);
export type AttendanceDates = z.infer<typeof AttendanceDatesSchema>;

const EMPLOYEE_IDS_MESSAGE = 'Укажите сотрудников: идентификаторы через запятую';

/** `1,2,3`: the employees, each once, at most MAX_ATTENDANCE_EMPLOYEES. */
export const EmployeeIdListSchema = z
  .string({ error: EMPLOYEE_IDS_MESSAGE })
  .max(MAX_ATTENDANCE_EMPLOYEES * 11, EMPLOYEE_IDS_MESSAGE)
  .regex(/^\d{1,10}(,\d{1,10})*$/, EMPLOYEE_IDS_MESSAGE)
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .pipe(
    z
      .array(idField())
      .max(MAX_ATTENDANCE_EMPLOYEES, `Не больше ${MAX_ATTENDANCE_EMPLOYEES} сотрудников за раз`),
  );

/** The caller's own dates (`GET /profile/attendance`). */
export const OwnAttendanceQuerySchema = z
  .object({
    from: DateStringSchema,
    to: DateStringSchema,
    dates: AttendanceDatesSchema.default('marked'),
  })
  .superRefine(checkAttendanceRange);
export type OwnAttendanceQuery = z.input<typeof OwnAttendanceQuerySchema>;

/** The dates of employees of the company (`GET /attendance`, managers). */
export const EmployeesAttendanceQuerySchema = z
  .object({
    from: DateStringSchema,
    to: DateStringSchema,
    employeeIds: EmployeeIdListSchema,
    dates: AttendanceDatesSchema.default('marked'),
  })
  .superRefine(checkAttendanceRange);
export type EmployeesAttendanceQuery = z.input<typeof EmployeesAttendanceQuerySchema>;

/** What one date of an employee means: its shift against the checks that belong to it. */
export const DateAttendanceSchema = z.object({
  date: z.string(),
  kind: DayPlanKindSchema,
  dayOffType: DayOffTypeSchema.nullable(),
  plannedMinutes: z.number().int(),
  /** The checks' time (an open one until now) minus the unpaid break. */
  workedMinutes: z.number().int(),
  lateMinutes: z.number().int(),
  earlyLeaveMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  nightMinutes: z.number().int(),
  late: z.boolean(),
  leftEarly: z.boolean(),
  /** A working date whose shifts are over with no check and no day-off. */
  absent: z.boolean(),
  /** A working date whose shift has begun (beyond the tolerance) with no check yet. */
  notArrived: z.boolean(),
  workedOnDayOff: z.boolean(),
  /** A check of the date is still open. */
  open: z.boolean(),
  /** The checks of the date's shift, earliest first (a night shift's keep the evening's date). */
  checkIds: z.array(z.number().int()),
});
export type DateAttendance = z.infer<typeof DateAttendanceSchema>;

export const EmployeeDatesSchema = z.object({
  employeeId: z.number().int(),
  /** The zone the dates are read in: the employee's first branch's, else the company's. */
  timezone: z.string(),
  /** Oldest first. */
  days: z.array(DateAttendanceSchema),
});
export type EmployeeDates = z.infer<typeof EmployeeDatesSchema>;

export const EmployeesAttendanceSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** In the order asked. */
  employees: z.array(EmployeeDatesSchema),
});
export type EmployeesAttendance = z.infer<typeof EmployeesAttendanceSchema>;
