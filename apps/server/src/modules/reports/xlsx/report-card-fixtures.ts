import {
  WORK_TIMESHEET_CODES,
  type CalendarDayKind,
  type ReportCardEmployee,
  type TimesheetCode,
  type TimesheetEntry,
} from '@smena/contract';
import type { TimesheetHeader } from './timesheet-xlsx.ts';

/*
 * Hand-built timesheet data for the writers' tests and for rendering a sample: no database, the
 * totals summed here the way the report sums them (work codes give days and hours, every other
 * code is an absence).
 */

function datesOf(month: string): string[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function reportCardHeader(
  month: string,
  overrides: Partial<TimesheetHeader> = {},
): TimesheetHeader {
  const dates = datesOf(month).map((date) => {
    const weekday = weekdayOf(date);
    const kind: CalendarDayKind = weekday === 0 || weekday === 6 ? 'WEEKEND' : 'WORKDAY';
    return { date, kind };
  });
  const workdays = dates.filter((date) => date.kind === 'WORKDAY').length;
  return {
    month,
    from: dates[0]!.date,
    to: dates.at(-1)!.date,
    companyTitle: 'ООО «Ромашка»',
    departmentTitle: 'Склад',
    dates,
    norm: { days: workdays, minutes: workdays * 480 },
    ...overrides,
  };
}

/** The codes of one date: given its day of the month and weekday (0 = Sunday). */
export type CodesOf = (dayNumber: number, weekday: number, date: string) => TimesheetEntry[];

/** Five days of Я 8 and the weekend В. */
export const fiveDayWeek: CodesOf = (_day, weekday) =>
  weekday === 0 || weekday === 6 ? [{ code: 'В', minutes: null }] : [{ code: 'Я', minutes: 480 }];

const isWork = (code: TimesheetCode) => WORK_TIMESHEET_CODES.includes(code);

export function makeReportCardEmployee(
  month: string,
  overrides: Partial<Omit<ReportCardEmployee, 'days'>> & { codesOf?: CodesOf } = {},
): ReportCardEmployee {
  const { codesOf = fiveDayWeek, ...fields } = overrides;
  const days = datesOf(month).map((date, i) => ({
    date,
    entries: codesOf(i + 1, weekdayOf(date), date),
    override: null,
  }));
  const total = (from: number, to: number) => {
    const slice = days.slice(from, to);
    const worked = slice.filter((day) => day.entries.some((entry) => isWork(entry.code)));
    const minutes = slice
      .flatMap((day) => day.entries)
      .filter((entry) => isWork(entry.code))
      .reduce((sum, entry) => sum + (entry.minutes ?? 0), 0);
    return { days: worked.length, minutes };
  };
  const absences = new Map<TimesheetCode, { days: number; minutes: number }>();
  for (const day of days)
    for (const entry of day.entries) {
      if (isWork(entry.code)) continue;
      const sum = absences.get(entry.code) ?? { days: 0, minutes: 0 };
      sum.days += 1;
      sum.minutes += entry.minutes ?? 0;
      absences.set(entry.code, sum);
    }
  return {
    employeeId: 1,
    name: 'Смирнова Анна Петровна',
    personnelNumber: '0001',
    departmentTitle: 'Склад',
    positionTitle: 'Кладовщик',
    days,
    firstHalf: total(0, 15),
    secondHalf: total(15, days.length),
    month: total(0, days.length),
    absences: [...absences].map(([code, sum]) => ({ code, ...sum })),
    ...fields,
  };
}

const SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов'];
const GIVEN = ['Алексей Иванович', 'Борис Петрович', 'Виктор Сергеевич', 'Дмитрий Олегович'];
const POSITIONS = ['Кладовщик', 'Водитель погрузчика', 'Старший смены', 'Комплектовщик'];

/** A varied month for employee number `n`: work, nights, a vacation, a sick day, an НН. */
export function variedEmployee(month: string, n: number): ReportCardEmployee {
  const codesOf: CodesOf = (day, weekday) => {
    if (n % 7 === 3 && day >= 9 && day <= 20) return [{ code: 'ОТ', minutes: null }];
    if (weekday === 0 || weekday === 6)
      return n % 11 === 5 && day < 8
        ? [{ code: 'РВ', minutes: 240 }]
        : [{ code: 'В', minutes: null }];
    if (n % 5 === 1 && day === 12) return [{ code: 'Б', minutes: null }];
    if (n % 6 === 2 && day === 4) return [{ code: 'НН', minutes: null }];
    if (n % 4 === 0 && day % 3 === 0)
      return [
        { code: 'Я', minutes: 360 },
        { code: 'Н', minutes: 120 },
      ];
    if (n % 9 === 4 && day === 2) return [{ code: 'Я', minutes: 450 }];
    return [{ code: 'Я', minutes: 480 }];
  };
  return makeReportCardEmployee(month, {
    employeeId: n,
    name: `${SURNAMES[n % SURNAMES.length]} ${GIVEN[n % GIVEN.length]}`,
    personnelNumber: String(n).padStart(5, '0'),
    positionTitle: POSITIONS[n % POSITIONS.length]!,
    codesOf,
  });
}

/** `count` employees in pages of `pageSize`, built on demand (nothing kept). */
export async function* employeePages(
  count: number,
  pageSize: number,
  make: (n: number) => ReportCardEmployee,
): AsyncIterable<ReportCardEmployee[]> {
  for (let start = 1; start <= count; start += pageSize) {
    const page: ReportCardEmployee[] = [];
    for (let n = start; n < Math.min(start + pageSize, count + 1); n++) page.push(make(n));
    yield page;
  }
}
