import {
  ErrorCode,
  type CountryCalendar,
  type CountryCalendarList,
  type FieldError,
  type UpdateCountryCalendarInputSchema,
} from '@smena/contract';
import { type ProductionCalendar, weekdayIndex } from '@smena/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { CalendarYearData } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { createCalendarRepository } from './calendar.repository.ts';
import { normsOf } from './calendar.service.ts';

export type UpdateCountryCalendarValues = z.output<typeof UpdateCountryCalendarInputSchema>;

const LISTS = ['holidays', 'transferredDaysOff', 'workingWeekendDays', 'shortenedDays'] as const;

const EMPTY: CalendarYearData = {
  holidays: [],
  transferredDaysOff: [],
  workingWeekendDays: [],
  shortenedDays: [],
};

/** Every date inside the year; transfers only where they make sense (weekday off, weekend worked). */
function dateErrors(year: number, input: UpdateCountryCalendarValues): FieldError[] {
  const errors: FieldError[] = [];
  for (const list of LISTS)
    input[list].forEach((date, index) => {
      const field = `${list}.${index}`;
      if (Number(date.slice(0, 4)) !== year)
        errors.push({ field, message: `Дата не из ${year} года` });
      else if (list === 'transferredDaysOff' && weekdayIndex(date) >= 5)
        errors.push({ field, message: 'Перенесённый выходной — только будний день' });
      else if (list === 'workingWeekendDays' && weekdayIndex(date) < 5)
        errors.push({ field, message: 'Рабочий выходной — только суббота или воскресенье' });
    });
  return errors;
}

function countryCalendarOf(
  country: string,
  year: number,
  row:
    { provisional: boolean; source: string; data: CalendarYearData; updatedAt: Date } | undefined,
): CountryCalendar {
  const data = row?.data ?? EMPTY;
  const calendar: ProductionCalendar = {
    id: country,
    years: [{ year, provisional: row?.provisional ?? true, source: row?.source ?? '', ...data }],
  };
  return {
    country,
    year,
    stored: row !== undefined,
    provisional: row?.provisional ?? true,
    source: row?.source ?? '',
    ...data,
    norms: normsOf(calendar, year).norms,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export type AdminCalendarsService = ReturnType<typeof createAdminCalendarsService>;

/** The super admin's editor of a country's production calendar, year by year. */
export function createAdminCalendarsService(deps: { db: Db }) {
  const repository = createCalendarRepository(deps.db);

  async function assertCountry(country: string) {
    if (!(await repository.countryExists(country))) throw AppError.notFound('Страна не найдена');
  }

  return {
    async listCountryCalendars(): Promise<CountryCalendarList> {
      const rows = await repository.findCountryYears();
      return {
        items: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
      };
    },

    async getCountryCalendar(country: string, year: number): Promise<CountryCalendar> {
      await assertCountry(country);
      return countryCalendarOf(country, year, await repository.findCountryYear(country, year));
    },

    /** Replaces the year's data; dates are sorted and repeated ones dropped. */
    async putCountryCalendar(
      country: string,
      year: number,
      input: UpdateCountryCalendarValues,
    ): Promise<CountryCalendar> {
      await assertCountry(country);
      const errors = dateErrors(year, input);
      if (errors.length > 0)
        throw new AppError(ErrorCode.VALIDATION_ERROR, errors[0]!.message, errors);
      const clean = (dates: string[]) => [...new Set(dates)].sort();
      await repository.upsertCountryYear(country, year, {
        provisional: input.provisional,
        source: input.source,
        data: {
          holidays: clean(input.holidays),
          transferredDaysOff: clean(input.transferredDaysOff),
          workingWeekendDays: clean(input.workingWeekendDays),
          shortenedDays: clean(input.shortenedDays),
        },
      });
      return countryCalendarOf(country, year, await repository.findCountryYear(country, year));
    },
  };
}
