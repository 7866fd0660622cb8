import { z } from 'zod';
import './zod-setup.ts';
import {
  DateStringSchema,
  IdSchema,
  MonthStringSchema,
  SentInstantSchema,
  idField,
} from './common.ts';
import { CalendarDayKindSchema } from './calendar.ts';
import { AccountingPeriodSchema, DayPlanKindSchema } from './schedules.ts';
import type { DayOffType } from './day-off-types.ts';
import { DayOffTypeSchema } from './work-time.ts';

// ---------- Codes of the unified form T-13 (docs/LABOUR-RULES.md) ----------

/** Letter, number and meaning of every T-13 code, in the form's order. */
export const timesheetCodeTable = [
  { code: 'Я', number: '01', label: 'Работа в дневное время' },
  { code: 'Н', number: '02', label: 'Работа в ночное время' },
  { code: 'РВ', number: '03', label: 'Работа в выходной или праздничный день' },
  { code: 'С', number: '04', label: 'Сверхурочная работа' },
  { code: 'ВМ', number: '05', label: 'Работа вахтовым методом' },
  { code: 'К', number: '06', label: 'Служебная командировка' },
  { code: 'ПК', number: '07', label: 'Повышение квалификации с отрывом от работы' },
  { code: 'ПМ', number: '08', label: 'Повышение квалификации в другой местности' },
  { code: 'ОТ', number: '09', label: 'Ежегодный оплачиваемый отпуск' },
  { code: 'ОД', number: '10', label: 'Дополнительный оплачиваемый отпуск' },
  { code: 'У', number: '11', label: 'Учебный оплачиваемый отпуск' },
  { code: 'УВ', number: '12', label: 'Сокращённое время для обучения' },
  { code: 'УД', number: '13', label: 'Учебный отпуск без сохранения зарплаты' },
  { code: 'Р', number: '14', label: 'Отпуск по беременности и родам' },
  { code: 'ОЖ', number: '15', label: 'Отпуск по уходу за ребёнком до 3 лет' },
  { code: 'ДО', number: '16', label: 'Отпуск без сохранения зарплаты с разрешения работодателя' },
  { code: 'ОЗ', number: '17', label: 'Отпуск без сохранения зарплаты по закону' },
  { code: 'ДБ', number: '18', label: 'Ежегодный дополнительный отпуск без сохранения зарплаты' },
  { code: 'Б', number: '19', label: 'Больничный с пособием' },
  { code: 'Т', number: '20', label: 'Больничный без пособия' },
  { code: 'ЛЧ', number: '21', label: 'Сокращённое рабочее время по закону' },
  { code: 'ПВ', number: '22', label: 'Вынужденный прогул' },
  { code: 'Г', number: '23', label: 'Исполнение государственных обязанностей' },
  { code: 'ПР', number: '24', label: 'Прогул' },
  { code: 'НС', number: '25', label: 'Неполное рабочее время по инициативе работодателя' },
  { code: 'В', number: '26', label: 'Выходные и нерабочие праздничные дни' },
  { code: 'ОВ', number: '27', label: 'Дополнительные оплачиваемые выходные дни' },
  { code: 'НВ', number: '28', label: 'Дополнительные выходные дни без сохранения зарплаты' },
  { code: 'ЗБ', number: '29', label: 'Забастовка' },
  { code: 'НН', number: '30', label: 'Неявка по невыясненным причинам' },
  { code: 'РП', number: '31', label: 'Простой по вине работодателя' },
  { code: 'НП', number: '32', label: 'Простой по независящим причинам' },
  { code: 'ВП', number: '33', label: 'Простой по вине работника' },
  { code: 'НО', number: '34', label: 'Отстранение от работы с оплатой' },
  { code: 'НБ', number: '35', label: 'Отстранение от работы без оплаты' },
  { code: 'НЗ', number: '36', label: 'Приостановка работы при задержке зарплаты' },
] as const;

export type TimesheetCode = (typeof timesheetCodeTable)[number]['code'];
export const TimesheetCodeSchema = z.enum(
  timesheetCodeTable.map((entry) => entry.code) as [TimesheetCode, ...TimesheetCode[]],
  { error: 'Выберите код из формы Т-13' },
);

export const timesheetCodeInfo = Object.fromEntries(
  timesheetCodeTable.map((entry) => [entry.code, entry]),
) as Record<TimesheetCode, (typeof timesheetCodeTable)[number]>;

/**
 * Codes that mean the employee worked: their hours add up to «отработано», except Н on a date
 * that has РВ — there Н is the night part of the date's work, already inside Я and РВ
 * (docs/timesheet-rules.md).
 */
export const WORK_TIMESHEET_CODES: readonly TimesheetCode[] = ['Я', 'Н', 'РВ', 'С', 'ВМ', 'К'];

/**
 * The minutes a date's codes add to «отработано»: its work codes' minutes, Н included only when
 * the date has no РВ (there Н is the night part of Я and РВ, not more time).
 */
export function workedMinutesOf(
  entries: readonly { code: TimesheetCode; minutes: number | null }[],
) {
  const nightInside = entries.some((entry) => entry.code === 'РВ');
  let minutes = 0;
  for (const entry of entries)
    if (WORK_TIMESHEET_CODES.includes(entry.code) && !(nightInside && entry.code === 'Н'))
      minutes += entry.minutes ?? 0;
  return minutes;
}

/** The code each kind of absence gets by default (docs/LABOUR-RULES.md, how kinds of days map to codes). */
export const dayOffTimesheetCodes: Record<DayOffType, TimesheetCode> = {
  VACATION: 'ОТ',
  SICKLEAVE: 'Б',
  HOLIDAY: 'В',
  WEEKEND: 'В',
  DISMISSED: 'НВ',
};

/** One code of a day with its time; `minutes` is null for day-counted codes (ОТ, Б, В, НВ…). */
export const TimesheetEntrySchema = z.object({
  code: TimesheetCodeSchema,
  minutes: z.number().int().min(0).max(1440).nullable(),
});
export type TimesheetEntry = z.infer<typeof TimesheetEntrySchema>;

// ---------- Filters shared by the reports ----------

const ReportFiltersShape = {
  branchId: IdSchema.optional(),
  departmentId: IdSchema.optional(),
  employeeId: IdSchema.optional(),
};

/** The longest range of the attendance report: a quarter. */
export const MAX_REPORT_DAYS = 92;

/**
 * The check of a `from`–`to` range of dates: `to` not before `from`, at most `maxDays` dates;
 * `what` names the range in the message («Период отчёта»).
 */
export function dateRangeCheck(maxDays: number, what: string) {
  return (value: { from: string; to: string }, ctx: z.core.$RefinementCtx) => {
    if (value.to < value.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'Дата окончания не может быть раньше даты начала',
      });
      return;
    }
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (days > maxDays)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `${what} — не больше ${maxDays} дней`,
      });
  };
}

const checkReportRange = dateRangeCheck(MAX_REPORT_DAYS, 'Период отчёта');

// ---------- Attendance report: GET /reports/attendance ----------

export const AttendanceReportQuerySchema = z
  .object({ from: DateStringSchema, to: DateStringSchema, ...ReportFiltersShape })
  .superRefine(checkReportRange);
export type AttendanceReportQuery = z.input<typeof AttendanceReportQuerySchema>;

/** Days of each absence type (approved day-offs that fell on the employee's dates). */
export const AbsenceDaysSchema = z.record(DayOffTypeSchema, z.number().int());
export type AbsenceDays = z.infer<typeof AbsenceDaysSchema>;

/** What an employee's (or everyone's) dates of the period add up to. Times in minutes. */
export const AttendanceSummarySchema = z.object({
  plannedDays: z.number().int(),
  plannedMinutes: z.number().int(),
  workedDays: z.number().int(),
  workedMinutes: z.number().int(),
  lateCount: z.number().int(),
  lateMinutes: z.number().int(),
  earlyLeaveCount: z.number().int(),
  earlyLeaveMinutes: z.number().int(),
  absenceDays: AbsenceDaysSchema,
  /** Planned working days with no check and no day-off (НН). */
  absentDays: z.number().int(),
  overtimeMinutes: z.number().int(),
  nightMinutes: z.number().int(),
  /** Dates with work coded РВ: on a rest day, a holiday or a day-off. */
  dayOffWorkDays: z.number().int(),
  dayOffWorkMinutes: z.number().int(),
  /** Minutes worked on non-working holidays of the calendar, whatever the code (art. 153). */
  holidayWorkMinutes: z.number().int(),
});
export type AttendanceSummary = z.infer<typeof AttendanceSummarySchema>;

/**
 * An employee on summarized accounting (art. 104, decision 030): their accounting period and its
 * hours as of `asOf` — the planned and worked hours of the period's dates up to then against the
 * period's norm up to then (the production calendar for a 40-hour week, less the working days
 * the employee is away or not employed). Overtime is counted only once the period is over
 * (`closed`): the worked hours above the whole period's norm, work on days off and holidays (РВ)
 * left out (art. 152). Present only for such employees.
 */
export const SummarizedPeriodSchema = z.object({
  period: AccountingPeriodSchema,
  /** The accounting period's first and last dates. */
  from: z.string(),
  to: z.string(),
  /** The last date counted: the end of the report's range or of the period, the earlier. */
  asOf: z.string(),
  /** The norm from `from` to `asOf` (at the period's end, the whole period's). */
  normMinutes: z.number().int(),
  /** Planned from `from` to `asOf`. */
  plannedMinutes: z.number().int(),
  /** Worked from `from` to `asOf`, as the timesheet's codes count it, less РВ. */
  workedMinutes: z.number().int(),
  /** Whether the period ends by `asOf`: only then does it have overtime. */
  closed: z.boolean(),
  /** The period's overtime (art. 99, 104): worked above the norm, when `closed`; else 0. */
  overtimeMinutes: z.number().int(),
});
export type SummarizedPeriod = z.infer<typeof SummarizedPeriodSchema>;

export const ReportEmployeeSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  personnelNumber: z.string().nullable(),
  departmentTitle: z.string().nullable(),
  positionTitle: z.string().nullable(),
});
export type ReportEmployee = z.infer<typeof ReportEmployeeSchema>;

export const AttendanceReportRowSchema = ReportEmployeeSchema.extend(
  AttendanceSummarySchema.shape,
).extend({
  /**
   * Summarized accounting: the period of the range's last date, to date. The row's
   * `overtimeMinutes` then holds the period's overtime when the period ends inside the range.
   */
  summarized: SummarizedPeriodSchema.optional(),
});
export type AttendanceReportRow = z.infer<typeof AttendanceReportRowSchema>;

export const AttendanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Employees by name. */
  rows: z.array(AttendanceReportRowSchema),
  totals: AttendanceSummarySchema,
});
export type AttendanceReport = z.infer<typeof AttendanceReportSchema>;

// ---------- Drill-down: GET /reports/attendance/days ----------

export const AttendanceDaysQuerySchema = z
  .object({ employeeId: IdSchema, from: DateStringSchema, to: DateStringSchema })
  .superRefine(checkReportRange);
export type AttendanceDaysQuery = z.input<typeof AttendanceDaysQuerySchema>;

export const AttendanceDaySchema = z.object({
  date: z.string(),
  kind: DayPlanKindSchema,
  dayOffType: DayOffTypeSchema.nullable(),
  plannedMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  lateMinutes: z.number().int(),
  earlyLeaveMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  nightMinutes: z.number().int(),
  late: z.boolean(),
  leftEarly: z.boolean(),
  absent: z.boolean(),
  workedOnDayOff: z.boolean(),
  firstIn: SentInstantSchema.nullable(),
  lastOut: SentInstantSchema.nullable(),
  /** The timesheet's codes of the date (an override when a manager set one). */
  entries: z.array(TimesheetEntrySchema),
});
export type AttendanceDay = z.infer<typeof AttendanceDaySchema>;

export const AttendanceDaysSchema = z.object({
  employee: ReportEmployeeSchema,
  from: z.string(),
  to: z.string(),
  days: z.array(AttendanceDaySchema),
});
export type AttendanceDays = z.infer<typeof AttendanceDaysSchema>;

// ---------- Timesheet (report card, T-13): GET /reports/report-card ----------

export const ReportCardQuerySchema = z.object({ month: MonthStringSchema, ...ReportFiltersShape });
export type ReportCardQuery = z.input<typeof ReportCardQuerySchema>;

/** Days and hours (as minutes) worked, for a half of the month or the whole. */
export const WorkedTotalSchema = z.object({
  days: z.number().int(),
  minutes: z.number().int(),
});
export type WorkedTotal = z.infer<typeof WorkedTotalSchema>;

export const TimesheetOverrideInfoSchema = z.object({
  reason: z.string(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});

export const ReportCardDaySchema = z.object({
  date: z.string(),
  /** Empty for dates outside employment or still ahead with nothing planned to show. */
  entries: z.array(TimesheetEntrySchema),
  /** Set when a manager replaced the derived codes. */
  override: TimesheetOverrideInfoSchema.nullable(),
});
export type ReportCardDay = z.infer<typeof ReportCardDaySchema>;

export const ReportCardEmployeeSchema = ReportEmployeeSchema.extend({
  /** One per date of the month, in order. */
  days: z.array(ReportCardDaySchema),
  /** Days 1–15 and 16–end. */
  firstHalf: WorkedTotalSchema,
  secondHalf: WorkedTotalSchema,
  month: WorkedTotalSchema,
  /** «Неявки по причинам»: each absence code of the month with its days (and hours if any). */
  absences: z.array(
    z.object({ code: TimesheetCodeSchema, days: z.number().int(), minutes: z.number().int() }),
  ),
  /**
   * Summarized accounting: the period of the month's last date as of that date. When the month
   * closes the period, `overtimeMinutes` is the period's overtime (С), shown in this month only.
   */
  summarized: SummarizedPeriodSchema.optional(),
});
export type ReportCardEmployee = z.infer<typeof ReportCardEmployeeSchema>;

export const ReportCardSchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  companyTitle: z.string(),
  /** The department filtered on, if any. */
  departmentTitle: z.string().nullable(),
  /** The company calendar's kind of every date of the month (header colours). */
  dates: z.array(z.object({ date: z.string(), kind: CalendarDayKindSchema })),
  /** The month's norm for a 40-hour week from the production calendar. */
  norm: WorkedTotalSchema,
  employees: z.array(ReportCardEmployeeSchema),
});
export type ReportCard = z.infer<typeof ReportCardSchema>;

/**
 * An employee of the report card as sent: `days` points, per date, into the answer's `entrySets`
 * (a month of a thousand employees has a few thousand distinct sets of codes, not 31,000), and
 * only the dates a manager changed carry their override.
 */
export const ReportCardEmployeeRowSchema = ReportCardEmployeeSchema.omit({ days: true }).extend({
  days: z.array(z.number().int().min(0)),
  overrides: z.array(TimesheetOverrideInfoSchema.extend({ date: z.string() })),
});
export type ReportCardEmployeeRow = z.infer<typeof ReportCardEmployeeRowSchema>;

/** The report card on the wire (see `encodeReportCard` and `decodeReportCard`). */
export const ReportCardResponseSchema = ReportCardSchema.omit({ employees: true })
  .extend({
    /** Each distinct set of a date's codes once. */
    entrySets: z.array(z.array(TimesheetEntrySchema)),
    employees: z.array(ReportCardEmployeeRowSchema),
  })
  .superRefine((value, ctx) => {
    value.employees.forEach((employee, row) => {
      if (employee.days.length !== value.dates.length)
        ctx.addIssue({ code: 'custom', path: ['employees', row, 'days'], message: 'One per date' });
      if (employee.days.some((index) => index >= value.entrySets.length))
        ctx.addIssue({ code: 'custom', path: ['employees', row, 'days'], message: 'No such set' });
    });
  });
export type ReportCardResponse = z.infer<typeof ReportCardResponseSchema>;

const entriesKey = (entries: readonly TimesheetEntry[]) =>
  entries.map((entry) => `${entry.code}${entry.minutes ?? ''}`).join(' ');

/** The report card in its wire shape: each distinct set of codes once. */
export function encodeReportCard(card: ReportCard): ReportCardResponse {
  const { employees, ...header } = card;
  const entrySets: TimesheetEntry[][] = [];
  const indexOf = new Map<string, number>();
  return {
    ...header,
    entrySets,
    employees: employees.map(({ days, ...employee }) => ({
      ...employee,
      days: days.map((day) => {
        const key = entriesKey(day.entries);
        let index = indexOf.get(key);
        if (index === undefined) {
          index = entrySets.length;
          entrySets.push(day.entries);
          indexOf.set(key, index);
        }
        return index;
      }),
      overrides: days.flatMap((day) => (day.override ? [{ date: day.date, ...day.override }] : [])),
    })),
  };
}

/** The report card as read: every date with its codes and override in place. */
export function decodeReportCard(response: ReportCardResponse): ReportCard {
  const { entrySets, employees, ...header } = response;
  return {
    ...header,
    employees: employees.map(({ days, overrides, ...employee }) => {
      const overrideOf = new Map(overrides.map(({ date, ...override }) => [date, override]));
      return {
        ...employee,
        days: days.map((index, column) => {
          const date = header.dates[column]!.date;
          return { date, entries: entrySets[index]!, override: overrideOf.get(date) ?? null };
        }),
      };
    }),
  };
}

// ---------- Export for payroll: GET /reports/payroll ----------

/** The files of the payroll export: Excel, and CSV as 1С:ЗУП and Russian Excel read it. */
export const PayrollExportFormatSchema = z.enum(['xlsx', 'csv'], {
  error: 'Выберите формат: xlsx или csv',
});
export type PayrollExportFormat = z.infer<typeof PayrollExportFormatSchema>;

/**
 * A month of the timesheet as figures for payroll: the company, or a branch, a department, one
 * employee — the timesheet's filters.
 */
export const PayrollExportQuerySchema = z.object({
  month: MonthStringSchema,
  branchId: IdSchema.optional(),
  departmentId: IdSchema.optional(),
  employeeId: IdSchema.optional(),
  format: PayrollExportFormatSchema.default('xlsx'),
});
export type PayrollExportQuery = z.input<typeof PayrollExportQuerySchema>;

/** A manager replaces a date's codes (at most three), with a reason kept in the history. */
export const SetTimesheetDayInputSchema = z
  .object({
    employeeId: idField('Выберите сотрудника'),
    date: DateStringSchema,
    entries: z
      .array(TimesheetEntrySchema)
      .min(1, 'Укажите хотя бы один код')
      .max(3, 'Не больше трёх кодов за день'),
    reason: z
      .string({ error: 'Укажите причину' })
      .trim()
      .min(3, 'Укажите причину')
      .max(500, 'Не длиннее 500 символов'),
  })
  .strict();
export type SetTimesheetDayInput = z.input<typeof SetTimesheetDayInputSchema>;

/** Returns a date to the derived codes; the reason is kept in the history. */
export const ClearTimesheetDayInputSchema = SetTimesheetDayInputSchema.omit({ entries: true });
export type ClearTimesheetDayInput = z.input<typeof ClearTimesheetDayInputSchema>;

export const TimesheetDayQuerySchema = z.object({ employeeId: IdSchema, date: DateStringSchema });

export const TimesheetHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['SET', 'CLEAR']),
  entries: z.array(TimesheetEntrySchema).nullable(),
  reason: z.string(),
  changedByName: z.string().nullable(),
  createdAt: z.string(),
});
export const TimesheetHistorySchema = z.object({ items: z.array(TimesheetHistoryEntrySchema) });
export type TimesheetHistory = z.infer<typeof TimesheetHistorySchema>;

// ---------- Company dashboard: GET /dashboard ----------

export const DashboardTodaySchema = z.object({
  /** Employees with a working day planned today. */
  planned: z.number().int(),
  /** Checked in today and not yet checked out. */
  present: z.number().int(),
  late: z.number().int(),
  /** Shift begun (beyond the tolerance), no check yet. */
  notArrived: z.number().int(),
  /** Shift over, no check, no day-off. */
  absent: z.number().int(),
  onDayOff: z.number().int(),
});
export type DashboardToday = z.infer<typeof DashboardTodaySchema>;

export const DashboardSchema = z.object({
  date: z.string(),
  timezone: z.string(),
  generatedAt: z.string(),
  today: DashboardTodaySchema,
  /** The last 14 dates, oldest first, today included. */
  days: z.array(
    z.object({
      date: z.string(),
      planned: z.number().int(),
      present: z.number().int(),
      late: z.number().int(),
      absent: z.number().int(),
    }),
  ),
  branches: z.array(
    z.object({ branchId: z.number().int(), title: z.string() }).extend(DashboardTodaySchema.shape),
  ),
  latestChecks: z.array(
    z.object({
      id: z.number().int(),
      employeeId: z.number().int(),
      employeeName: z.string(),
      branchTitle: z.string(),
      checkInDateTime: z.string(),
      checkOutDateTime: z.string().nullable(),
      late: z.boolean(),
    }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

// ---------- Super-admin dashboard: GET /admin/dashboard ----------

export const AdminDashboardSchema = z.object({
  generatedAt: z.string(),
  companies: z.object({
    total: z.number().int(),
    active: z.number().int(),
    trial: z.number().int(),
    blocked: z.number().int(),
  }),
  users: z.number().int(),
  employees: z.number().int(),
  checksToday: z.number().int(),
  paymentsThisMonth: z.object({ count: z.number().int(), amountKopecks: z.number().int() }),
  /** The last 12 weeks (Monday first), oldest first. */
  newCompaniesPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
