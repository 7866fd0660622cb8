import { z } from 'zod';
import './zod-setup.ts';
import { CalendarViolationsQuerySchema } from './calendar.ts';
import { AccountingPeriodSchema } from './schedules.ts';

// ---------- Summarized accounting in the calendar: GET /calendar/summarized (decision 030) ----------

/** A month and the grid's unit filters, as for the month's violations. */
export const CalendarSummarizedQuerySchema = CalendarViolationsQuerySchema;
export type CalendarSummarizedQuery = z.input<typeof CalendarSummarizedQuerySchema>;

/**
 * An employee on summarized accounting (art. 104): the accounting period of the month's last
 * date, the hours planned over the whole period and its norm (the production calendar for a
 * 40-hour week, less the working days of planned absences).
 */
export const EmployeeSummarizedPeriodSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  period: AccountingPeriodSchema,
  from: z.string(),
  to: z.string(),
  plannedMinutes: z.number().int(),
  normMinutes: z.number().int(),
});
export type EmployeeSummarizedPeriod = z.infer<typeof EmployeeSummarizedPeriodSchema>;

/** Only the employees whose schedule counts by a period; none when no schedule does. */
export const CalendarSummarizedResponseSchema = z.object({
  month: z.string(),
  employees: z.array(EmployeeSummarizedPeriodSchema),
});
export type CalendarSummarizedResponse = z.infer<typeof CalendarSummarizedResponseSchema>;
