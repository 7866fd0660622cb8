import type { Check, DateAttendance, DayPlan } from '@smena/contract';

/** Data shaped as the API answers it, for the checks feature's tests. */

let nextCheckId = 1;

/** A check of Вера Орлова (employee 7) at branch 1; `outIso` null while she is on site. */
export function makeCheck(
  inIso: string,
  outIso: string | null,
  overrides: Partial<Check> = {},
): Check {
  return {
    id: nextCheckId++,
    employeeId: 7,
    employeeName: 'Орлова Вера',
    branchId: 1,
    branchTitle: 'Центральный',
    checkInDateTime: inIso,
    checkOutDateTime: outIso,
    source: 'WEB',
    autoClosed: false,
    checkInLocation: null,
    checkOutLocation: null,
    device: '',
    signals: [],
    photos: [],
    createdAt: inIso,
    updatedAt: inIso,
    ...overrides,
  };
}

/** A working date's attendance: nothing marked unless given. */
export function makeAttendanceDay(
  date: string,
  facts: Partial<DateAttendance> = {},
): DateAttendance {
  return {
    date,
    kind: 'WORK',
    dayOffType: null,
    plannedMinutes: 480,
    workedMinutes: 0,
    lateMinutes: 0,
    earlyLeaveMinutes: 0,
    overtimeMinutes: 0,
    nightMinutes: 0,
    late: false,
    leftEarly: false,
    absent: false,
    notArrived: false,
    workedOnDayOff: false,
    open: false,
    checkIds: [],
    ...facts,
  };
}

/** A Moscow 09:00–18:00 shift with an hour's break. */
export function makeWorkPlan(date: string): DayPlan {
  return {
    date,
    kind: 'WORK',
    shifts: [
      {
        start: `${date}T09:00:00+03:00`,
        end: `${date}T18:00:00+03:00`,
        breakMinutes: 60,
        plannedMinutes: 480,
      },
    ],
    shortened: false,
    rosterOverride: false,
  };
}
