import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema, IdSchema, MAX_PAGE, MonthStringSchema, idField } from './common.ts';
import { CountryCodeSchema } from './fields.ts';
import { MAX_ROSTER_SHIFTS, RosterShiftSchema, checkShiftsOverlap } from './schedule-definition.ts';
import { DayPlanSchema, checkPlanRange } from './schedules.ts';
import { DayOffTypeSchema } from './work-time.ts';
import { AvailabilityMarkSchema } from './availability-mark.ts';
import { NewPlanViolationSchema, PlanViolationSchema } from './plan-violations.ts';
import { MAX_CALENDAR_EMPLOYEES, calendarDayKinds } from './calendar-grid.ts';

// ---------- Production calendar and the company calendar ----------

export const CalendarDayKindSchema = z.enum(calendarDayKinds);

export const CalendarYearSchema = z.coerce
  .number({ error: 'Укажите год' })
  .int('Укажите год')
  .min(2000, 'Год от 2000 до 2100')
  .max(2100, 'Год от 2000 до 2100');

/** A date that differs from a plain Monday–Friday week, and who made it so. */
export const CalendarDaySchema = z.object({
  date: z.string(),
  kind: CalendarDayKindSchema,
  /** PRODUCTION: the country's calendar; COMPANY: the company's own correction. */
  source: z.enum(['PRODUCTION', 'COMPANY']),
});
export type CalendarDay = z.infer<typeof CalendarDaySchema>;

/** The norm of a month for a five-day week of 40, 36 and 24 hours (order № 588н). */
export const MonthNormSchema = z.object({
  month: z.number().int(),
  days: z.number().int(),
  hours40: z.number(),
  hours36: z.number(),
  hours24: z.number(),
});
export type MonthNorm = z.infer<typeof MonthNormSchema>;

export const CompanyCalendarSchema = z.object({
  year: z.number().int(),
  /** The company's country, whose production calendar the company calendar starts from. */
  country: z.string(),
  /** The country's data for the year is not confirmed (or missing). */
  provisional: z.boolean(),
  /** The legal source of the country's data, empty when there is none. */
  source: z.string(),
  /** Only dates that are not plain (Monday–Friday working, Saturday–Sunday off) or that the company set. */
  days: z.array(CalendarDaySchema),
  /** Twelve months, January first. */
  norms: z.array(MonthNormSchema),
  /** The sum of the months. */
  total: MonthNormSchema.omit({ month: true }),
});
export type CompanyCalendar = z.infer<typeof CompanyCalendarSchema>;

export const CalendarYearQuerySchema = z.object({ year: CalendarYearSchema });
export type CalendarYearQuery = z.infer<typeof CalendarYearQuerySchema>;

export const CalendarDateParamsSchema = z.object({ date: DateStringSchema });

/** A company's correction of one date; `kind: null` removes it (the country's calendar again). */
export const SetCalendarDayInputSchema = z
  .object({ kind: CalendarDayKindSchema.nullable() })
  .strict();
export type SetCalendarDayInput = z.infer<typeof SetCalendarDayInputSchema>;

/** The resulting kind of the date. */
export const CalendarDayResultSchema = CalendarDaySchema;

// ---------- A country's production calendar (super admin) ----------

export const CountryCalendarParamsSchema = z.object({
  country: CountryCodeSchema,
  year: CalendarYearSchema,
});

const calendarDates = z.array(DateStringSchema).max(366);

/** Replaces a country's year; every date must be inside that year. */
export const UpdateCountryCalendarInputSchema = z
  .object({
    provisional: z.boolean(),
    source: z.string().trim().max(500, 'Не длиннее 500 символов').default(''),
    /** Non-working public holidays, those on a Saturday or Sunday included. */
    holidays: calendarDates,
    /** Weekdays made days off by a transfer. */
    transferredDaysOff: calendarDates,
    /** Saturdays or Sundays made working days by a transfer. */
    workingWeekendDays: calendarDates,
    /** Pre-holiday working days one hour shorter (art. 95 ТК РФ). */
    shortenedDays: calendarDates,
  })
  .strict();
export type UpdateCountryCalendarInput = z.input<typeof UpdateCountryCalendarInputSchema>;

export const CountryCalendarSchema = z.object({
  country: z.string(),
  year: z.number().int(),
  /** False: nothing stored yet, the year is a plain Monday–Friday week. */
  stored: z.boolean(),
  provisional: z.boolean(),
  source: z.string(),
  holidays: z.array(z.string()),
  transferredDaysOff: z.array(z.string()),
  workingWeekendDays: z.array(z.string()),
  shortenedDays: z.array(z.string()),
  norms: z.array(MonthNormSchema),
  updatedAt: z.string().nullable(),
});
export type CountryCalendar = z.infer<typeof CountryCalendarSchema>;

export const CountryCalendarSummarySchema = z.object({
  country: z.string(),
  year: z.number().int(),
  provisional: z.boolean(),
  source: z.string(),
  updatedAt: z.string(),
});
export const CountryCalendarListSchema = z.object({ items: z.array(CountryCalendarSummarySchema) });
export type CountryCalendarList = z.infer<typeof CountryCalendarListSchema>;

// ---------- The calendar of employees × days ----------

/** `from`–`to` both included, at most 62 days; a page of employees (active ones, by name). */
export const CalendarQuerySchema = z
  .object({
    from: DateStringSchema,
    to: DateStringSchema,
    branchId: IdSchema.optional(),
    departmentId: IdSchema.optional(),
    employeeId: IdSchema.optional(),
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_CALENDAR_EMPLOYEES).default(100),
  })
  .superRefine(checkPlanRange);
export type CalendarQuery = z.input<typeof CalendarQuerySchema>;

/** A day-off an employee asked for, not yet approved or rejected. */
export const PendingDayOffSchema = z.object({
  id: z.number().int(),
  type: DayOffTypeSchema,
  from: z.string(),
  to: z.string(),
  comment: z.string(),
});
export type PendingDayOff = z.infer<typeof PendingDayOffSchema>;

/**
 * An employee's row of the calendar as sent: `days` holds, for each date of the range in order,
 * the index of its plan in the answer's `plans`. Employees of one schedule share plan entries.
 */
export const CalendarEmployeeRowSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  departmentTitle: z.string().nullable(),
  positionTitle: z.string().nullable(),
  branchTitles: z.array(z.string()),
  /** The schedule in force on `to` (null: none). */
  scheduleId: z.number().int().nullable(),
  scheduleTitle: z.string().nullable(),
  scheduleColor: z.string().nullable(),
  /** One index into the answer's `plans` per date of the range, in order. */
  days: z.array(z.number().int().min(0)),
  /**
   * The employee's day-off requests awaiting a decision that overlap the range: they do not
   * change the plan until approved, but the manager sees them on the grid.
   */
  requests: z.array(PendingDayOffSchema),
  /** The employee's availability marks of the range, by date (decision 027). */
  availability: z.array(AvailabilityMarkSchema),
});
export type CalendarEmployeeRow = z.infer<typeof CalendarEmployeeRowSchema>;

/**
 * The calendar of employees × days. Each distinct day plan is sent once, in `plans`; an
 * employee's `days` index it (a thousand employees × 31 days are a few hundred distinct plans:
 * 5.2 MB of JSON as full plans per cell, well under 1 MB so).
 */
export const CalendarResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The company calendar's kind of every date of the range, in order (for the header). */
    dates: z.array(z.object({ date: z.string(), kind: CalendarDayKindSchema })),
    /** The distinct day plans of the answer, each once (no order to rely on). */
    plans: z.array(DayPlanSchema),
    employees: z.array(CalendarEmployeeRowSchema),
    /** Employees matching the filters, all pages. */
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .superRefine((value, ctx) => {
    // Every row has a plan per date, and each index names a plan of that date.
    value.employees.forEach((employee, row) => {
      if (employee.days.length !== value.dates.length)
        ctx.addIssue({
          code: 'custom',
          path: ['employees', row, 'days'],
          message: `${value.dates.length} dates, ${employee.days.length} plans`,
        });
      employee.days.forEach((index, column) => {
        if (value.plans[index]?.date !== value.dates[column]?.date)
          ctx.addIssue({
            code: 'custom',
            path: ['employees', row, 'days', column],
            message: `No plan of ${value.dates[column]?.date} at ${index}`,
          });
      });
    });
  });
export type CalendarResponse = z.infer<typeof CalendarResponseSchema>;

// ---------- Roster: shifts a manager places on a date ----------

/** Replaces the employee's plan of the date with these shifts; an empty list makes it a rest day. */
export const RosterInputSchema = z
  .object({
    employeeId: idField('Выберите сотрудника'),
    date: DateStringSchema,
    shifts: z.array(RosterShiftSchema).max(MAX_ROSTER_SHIFTS, 'Не больше 4 смен в день'),
  })
  .strict()
  .superRefine((value, ctx) => checkShiftsOverlap(value.shifts, ctx));
export type RosterInput = z.input<typeof RosterInputSchema>;

export const RosterQuerySchema = z.object({
  employeeId: IdSchema,
  date: DateStringSchema,
});
export type RosterQuery = z.infer<typeof RosterQuerySchema>;

/** The roster entry and the plan of its date that results. */
export const RosterEntrySchema = z.object({
  employeeId: z.number().int(),
  date: z.string(),
  shifts: z.array(z.object({ start: z.string(), end: z.string(), breakMinutes: z.number().int() })),
  plan: DayPlanSchema,
  /** Labour Code violations the change brought (saved as warnings; decision 026). */
  violations: z.array(NewPlanViolationSchema),
});
export type RosterEntry = z.infer<typeof RosterEntrySchema>;

/** The roster removed; the violations the schedule's plan brings back, as warnings. */
export const RosterDeleteResultSchema = z.object({
  ok: z.literal(true),
  violations: z.array(NewPlanViolationSchema),
});
export type RosterDeleteResult = z.infer<typeof RosterDeleteResultSchema>;

// ---------- Labour Code checks of the plan (decision 026) ----------

export const CalendarViolationsQuerySchema = z.object({
  month: MonthStringSchema,
  branchId: IdSchema.optional(),
  departmentId: IdSchema.optional(),
});
export type CalendarViolationsQuery = z.input<typeof CalendarViolationsQuerySchema>;

export const EmployeeViolationsSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  violations: z.array(PlanViolationSchema),
});
export type EmployeeViolations = z.infer<typeof EmployeeViolationsSchema>;

/** The month's violations of the plan, per employee; employees without any are left out. */
export const CalendarViolationsResponseSchema = z.object({
  month: z.string(),
  /** Violations of all the employees below. */
  total: z.number().int(),
  employees: z.array(EmployeeViolationsSchema),
});
export type CalendarViolationsResponse = z.infer<typeof CalendarViolationsResponseSchema>;
