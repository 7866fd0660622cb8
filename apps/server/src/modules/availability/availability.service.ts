/**
 * Employees' availability and wishes (decision 027): an employee marks dates of the current and
 * the two coming months «Не могу» or «Хотел бы не работать», lists, changes and removes their
 * own marks. ADMINs and MANAGERs (their scope) read them — here and on the calendar.
 */
import {
  AVAILABILITY_MONTHS_AHEAD,
  type AvailabilityList,
  type AvailabilityMark,
  type DeleteAvailabilityQuerySchema,
  type ListAvailabilityQuerySchema,
  type SetAvailabilityInputSchema,
  availabilityMessages,
} from '@smena/contract';
import { localDateOf } from '@smena/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { createAvailabilityRepository, toAvailabilityMark } from './availability.repository.ts';

export type SetAvailabilityValues = z.output<typeof SetAvailabilityInputSchema>;
export type ListAvailabilityValues = z.output<typeof ListAvailabilityQuerySchema>;
export type DeleteAvailabilityValues = z.output<typeof DeleteAvailabilityQuerySchema>;

const employeeNotFound = () => AppError.notFound('Сотрудник не найден');

/** The last day of the month `monthsAhead` months after the month of `date` (`yyyy-MM-dd`). */
export function lastDateAhead(date: string, monthsAhead: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)); // 1–12
  // Day 0 of the month after the target month is the target month's last day.
  const last = new Date(Date.UTC(year, month + monthsAhead, 0));
  return last.toISOString().slice(0, 10);
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

export function createAvailabilityService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createAvailabilityRepository(db);

  /** The caller, as the only employee whose marks they write (another id is not found). */
  async function self(auth: CompanyAuthContext, employeeId: number | undefined) {
    if (employeeId !== undefined && employeeId !== auth.employeeId) throw employeeNotFound();
    const employee = await repository.findEmployee(auth.companyId, auth.scope, auth.employeeId);
    if (!employee) throw employeeNotFound();
    return employee;
  }

  /** Today and the last date one may mark, in the company's time zone. */
  function window(timezone: string) {
    const today = localDateOf(now(), timezone);
    return { today, lastDate: lastDateAhead(today, AVAILABILITY_MONTHS_AHEAD) };
  }

  return {
    async listMarks(
      auth: CompanyAuthContext,
      query: ListAvailabilityValues,
    ): Promise<AvailabilityList> {
      const employeeId = query.employeeId ?? auth.employeeId;
      // The scope decides: an EMPLOYEE reaches only themself, a MANAGER their people.
      const employee = await repository.findEmployee(auth.companyId, auth.scope, employeeId);
      if (!employee) throw employeeNotFound();
      const rows = await repository.findMarks(auth.companyId, [employeeId], query.from, query.to);
      return {
        employeeId,
        lastDate: window(employee.timezone).lastDate,
        items: rows.map(toAvailabilityMark),
      };
    },

    async setMark(
      auth: CompanyAuthContext,
      input: SetAvailabilityValues,
    ): Promise<AvailabilityMark> {
      const employee = await self(auth, input.employeeId);
      const { today, lastDate } = window(employee.timezone);
      if (input.date < today) throw AppError.validation('date', availabilityMessages.past);
      if (input.date > lastDate) throw AppError.validation('date', availabilityMessages.tooFar);
      const row = await repository.upsertMark(auth.companyId, employee.id, {
        date: input.date,
        kind: input.kind,
        start: input.start ?? null,
        end: input.end ?? null,
        comment: input.comment ?? '',
      });
      return toAvailabilityMark(row);
    },

    async deleteMark(auth: CompanyAuthContext, query: DeleteAvailabilityValues): Promise<void> {
      const employee = await self(auth, query.employeeId);
      // A past date's mark stays as it was: it is what the manager planned against.
      if (query.date < window(employee.timezone).today)
        throw AppError.validation('date', availabilityMessages.past);
      if (!(await repository.deleteMark(auth.companyId, employee.id, query.date)))
        throw AppError.notFound('На эту дату отметки нет');
    },
  };
}
