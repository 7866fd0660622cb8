import {
  ErrorCode,
  type AssignScheduleInput,
  type AssignScheduleResult,
  type CreateScheduleInputSchema,
  type DayPlan,
  type ListSchedulesQuery,
  type Page,
  type PlanQuery,
  type Schedule,
  type ScheduleAssignmentList,
  type UpdateScheduleInputSchema,
} from '@smena/contract';
import { addDays, localDateOf } from '@smena/time';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageResult } from '../../lib/pagination.ts';
import { OPEN_END, createPeriodLock } from '../periods/index.ts';
import { createPlanningRepository, createPlanningService } from '../planning/index.ts';
import { createSchedulePublicationsService } from '../schedule-publications/index.ts';
import { toSchedule, toScheduleAssignment } from './schedules.mappers.ts';
import { type ScheduleValues, createSchedulesRepository } from './schedules.repository.ts';

/** Bodies after the contract's defaults and transforms. */
export type CreateScheduleValues = z.output<typeof CreateScheduleInputSchema>;
export type UpdateScheduleValues = z.output<typeof UpdateScheduleInputSchema>;

const TITLE_UNIQUE = 'schedules_company_title_unique';
const FALLBACK_TIMEZONE = 'Europe/Moscow';

const notFound = () => AppError.notFound('График не найден');
const employeeNotFound = () => AppError.notFound('Сотрудник не найден');
const titleTaken = () =>
  new AppError(ErrorCode.CONFLICT, 'График с таким названием уже есть', [
    { field: 'title', message: 'График с таким названием уже есть' },
  ]);

async function withTitleCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, TITLE_UNIQUE)) throw titleTaken();
    throw error;
  }
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;

export function createSchedulesService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createSchedulesRepository(db);
  const planningRepository = createPlanningRepository(db);
  const planning = createPlanningService({ db });
  const publications = createSchedulePublicationsService({ db });

  /** Today in the company's time zone: what "current assignment" means. */
  async function todayOf(companyId: number): Promise<string> {
    const company = await planningRepository.findCompany(companyId);
    return localDateOf(Date.now(), company?.timezone ?? FALLBACK_TIMEZONE);
  }

  async function getSchedule(auth: CompanyAuthContext, scheduleId: number): Promise<Schedule> {
    const row = await repository.findSchedule(
      auth.companyId,
      scheduleId,
      await todayOf(auth.companyId),
    );
    if (!row) throw notFound();
    return toSchedule(row);
  }

  async function planOf(
    auth: CompanyAuthContext,
    employeeId: number,
    query: PlanQuery,
  ): Promise<DayPlan[]> {
    if (!(await repository.findEmployee(auth.companyId, employeeId, auth.scope)))
      throw employeeNotFound();
    const { plans } = await planning.planEmployees(
      auth.companyId,
      [employeeId],
      query.from,
      query.to,
    );
    return plans.get(employeeId)?.days ?? [];
  }

  return {
    getSchedule,

    async listSchedules(
      auth: CompanyAuthContext,
      query: ListSchedulesQuery,
    ): Promise<Page<Schedule>> {
      const { items, total } = await repository.findSchedules(
        auth.companyId,
        query,
        await todayOf(auth.companyId),
      );
      return pageResult(items.map(toSchedule), total, query);
    },

    async createSchedule(auth: CompanyAuthContext, input: CreateScheduleValues): Promise<Schedule> {
      const values: ScheduleValues = {
        title: input.title,
        type: input.definition.type,
        definition: input.definition,
        color: input.color,
        accountingPeriod: input.accountingPeriod,
      };
      const scheduleId = await withTitleCheck(() =>
        repository.insertSchedule(auth.companyId, values),
      );
      return getSchedule(auth, scheduleId);
    },

    /**
     * A changed definition applies from `effectiveFrom` (default today): the dates before it keep
     * the definition they had, kept as a version of the schedule when anyone had it on them.
     */
    async updateSchedule(
      auth: CompanyAuthContext,
      scheduleId: number,
      input: UpdateScheduleValues,
    ): Promise<Schedule> {
      const today = await todayOf(auth.companyId);
      await db.transaction(async (tx) => {
        const repo = createSchedulesRepository(tx);
        const current = await repo.lockScheduleDefinition(auth.companyId, scheduleId);
        if (!current) throw notFound();
        const values: Partial<ScheduleValues> = {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.color !== undefined ? { color: input.color } : {}),
          ...(input.accountingPeriod !== undefined
            ? { accountingPeriod: input.accountingPeriod }
            : {}),
        };
        if (input.definition && !isDeepStrictEqual(input.definition, current.definition)) {
          const from = input.effectiveFrom ?? today;
          // The new definition plans everyone's dates from `from` on (decision 022).
          await createPeriodLock(tx).assertOpen(auth.companyId, [
            { employeeId: null, from, to: OPEN_END },
          ]);
          const lastChange = current.definitionFrom;
          if (lastChange !== null && from < lastChange)
            throw AppError.validation(
              'effectiveFrom',
              `Не раньше ${lastChange}: с этой даты график уже изменён`,
            );
          const keepsPast =
            from !== lastChange &&
            (lastChange !== null ||
              (await repo.isScheduleUsedBefore(auth.companyId, scheduleId, from)));
          if (keepsPast)
            await repo.insertVersion(
              auth.companyId,
              scheduleId,
              addDays(from, -1),
              current.definition,
            );
          values.definition = input.definition;
          values.type = input.definition.type;
        }
        if (Object.keys(values).length > 0)
          await withTitleCheck(() => repo.updateSchedule(auth.companyId, scheduleId, values));
      });
      return getSchedule(auth, scheduleId);
    },

    /** A schedule that any assignment names (past, current or future) is kept: it is history. */
    async deleteSchedule(auth: CompanyAuthContext, scheduleId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = createSchedulesRepository(tx);
        if (!(await repo.lockSchedule(auth.companyId, scheduleId))) throw notFound();
        if (await repo.isScheduleAssigned(auth.companyId, scheduleId))
          throw AppError.conflict('График назначен сотрудникам');
        await repo.deleteSchedule(auth.companyId, scheduleId);
      });
    },

    async assignSchedule(
      auth: CompanyAuthContext,
      input: AssignScheduleInput,
    ): Promise<AssignScheduleResult> {
      const employeeIds = [...new Set(input.employeeIds)];
      return db.transaction(async (tx) => {
        const repo = createSchedulesRepository(tx);
        // The schedule's row lock keeps a concurrent delete from passing its "unused" check.
        if (
          input.scheduleId !== null &&
          !(await repo.lockSchedule(auth.companyId, input.scheduleId))
        )
          throw AppError.validation('scheduleId', 'Выберите график из списка');
        const known = new Set(
          await repo.findCompanyEmployeeIds(auth.companyId, employeeIds, auth.scope),
        );
        const unknownIndex = input.employeeIds.findIndex((id) => !known.has(id));
        if (unknownIndex >= 0)
          throw AppError.validation(`employeeIds.${unknownIndex}`, 'Сотрудник не найден');
        // An assignment plans the dates from `effectiveFrom` on: none of them may be approved.
        await createPeriodLock(tx).assertOpen(
          auth.companyId,
          employeeIds.map((employeeId) => ({
            employeeId,
            from: input.effectiveFrom,
            to: OPEN_END,
          })),
        );
        await repo.upsertAssignments(
          auth.companyId,
          employeeIds,
          input.scheduleId,
          input.effectiveFrom,
        );
        return { assigned: employeeIds.length };
      });
    },

    async listAssignments(
      auth: CompanyAuthContext,
      employeeId: number,
    ): Promise<ScheduleAssignmentList> {
      if (!(await repository.findEmployee(auth.companyId, employeeId, auth.scope)))
        throw employeeNotFound();
      const rows = await repository.findAssignmentsOf(auth.companyId, employeeId);
      return { items: rows.map(toScheduleAssignment) };
    },

    async deleteAssignment(auth: CompanyAuthContext, assignmentId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await createSchedulesRepository(tx).deleteAssignment(
          auth.companyId,
          assignmentId,
          auth.scope,
        );
        if (!removed) throw AppError.notFound('Назначение графика не найдено');
        // Rolled back when the dates it planned include an approved month (decision 022).
        await createPeriodLock(tx).assertOpen(auth.companyId, [
          { employeeId: removed.employeeId, from: removed.effectiveFrom, to: OPEN_END },
        ]);
      });
    },

    employeePlan: planOf,

    /** The caller's own plan (any member). */
    async ownPlan(auth: CompanyAuthContext, query: PlanQuery): Promise<DayPlan[]> {
      const live = await planOf(auth, auth.employeeId, query);
      // An employee sees only published months when the company publishes (decision 028);
      // managers plan the draft themselves.
      if (auth.scope.kind !== 'SELF') return live;
      return publications.visiblePlan(auth.companyId, auth.employeeId, live, query);
    },
  };
}
