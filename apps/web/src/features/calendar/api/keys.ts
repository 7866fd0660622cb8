/** The grid's request: a month and the filters (all employees of the page at once). */
export type CalendarGridQuery = {
  from: string;
  to: string;
  branchId?: number;
  departmentId?: number;
  search?: string;
};

/** Query keys of the calendar feature: every change invalidates `calendarKeys.all`. */
export const calendarKeys = {
  all: ['calendar'] as const,
  grid: (query: CalendarGridQuery) => [...calendarKeys.all, 'grid', query] as const,
  year: (year: number) => [...calendarKeys.all, 'year', year] as const,
  // Under `all`: a roster change or a new absence invalidates the month's violations too.
  violations: (query: CalendarViolationsQuery) =>
    [...calendarKeys.all, 'violations', query] as const,
  // Under `all`: every change of the draft (a roster, an absence) changes what is unpublished.
  publication: (query: SchedulePublicationQuery) =>
    [...calendarKeys.all, 'publication', query] as const,
  publicationVersion: (id: number) => [...calendarKeys.all, 'publication-version', id] as const,
};

/** A month of one branch or one department: what is published (decision 028). */
export type SchedulePublicationQuery =
  | { month: string; branchId: number; departmentId?: undefined }
  | { month: string; departmentId: number; branchId?: undefined };

/** The month's Labour Code checks: a `yyyy-MM` month and the grid's unit filters. */
export type CalendarViolationsQuery = {
  month: string;
  branchId?: number;
  departmentId?: number;
};

/**
 * The root key of the «Выходные и отсутствия» page (features/day-offs): absences entered and
 * requests decided here show there too.
 */
export const dayOffsRootKey = ['day-offs'] as const;
