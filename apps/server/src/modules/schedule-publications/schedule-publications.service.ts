/**
 * Publication of a month's schedule of a branch or a department (decision 028). The live plan
 * (schedule, roster, day-offs — modules/planning) is the draft; «Опубликовать» snapshots each
 * employee's day plans of the month as a numbered version, records who published it, when and
 * whether later than art. 103 asks, and tells the employees it touches. Employees read their
 * latest version and acknowledge it. Attendance never reads a version: it keeps the live plan.
 */
import {
  type AcknowledgeScheduleInput,
  type DayPlan,
  type MySchedule,
  type MyScheduleMonth,
  type MyScheduleQuery,
  type SchedulePublication,
  type SchedulePublicationDetails,
  type SchedulePublicationKey,
  type SchedulePublicationState,
  publicationDeadline,
  schedulePublicationMessages as messages,
} from '@smena/contract';
import { localDateOf } from '@smena/time';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EmployeeScope } from '../../db/employee-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createAuditRepository } from '../audit/index.ts';
import { notifySchedulePublished } from '../notifications/index.ts';
import { createPlanningService } from '../planning/index.ts';
import {
  type PublicationRow,
  type UnitKey,
  createSchedulePublicationsRepository,
} from './schedule-publications.repository.ts';

type Unit = UnitKey & { title: string };

function unitOf(key: {
  branchId?: number | undefined;
  departmentId?: number | undefined;
}): UnitKey {
  return key.branchId !== undefined
    ? { kind: 'BRANCH', id: key.branchId }
    : { kind: 'DEPARTMENT', id: key.departmentId! };
}

/** Whether a manager's scope holds the unit (decision 016), as the month's approval asks. */
function scopeHoldsUnit(scope: EmployeeScope, unit: UnitKey): boolean {
  if (scope.kind === 'COMPANY') return true;
  if (scope.kind === 'SELF') return false;
  return unit.kind === 'BRANCH'
    ? scope.branchIds.includes(unit.id)
    : scope.departmentIds.includes(unit.id);
}

/** The first and the last date of `yyyy-MM`. */
export function monthRange(month: string): { from: string; to: string } {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The months `from`…`to` touches, in order. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let number = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${year}-${String(number).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    number += 1;
    if (number > 12) {
      number = 1;
      year += 1;
    }
  }
}

/** A JSON text with the keys sorted: jsonb keeps its own key order, so plans compare by this. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a day's plan is for the employee: the day-off's record id is not part of it. */
function dayKey(day: DayPlan): string {
  const { dayOffId: _ignored, ...rest } = day;
  return canonical(rest);
}

/** The dates whose plan differs between two versions of a month (all of them without one). */
export function changedDates(previous: readonly DayPlan[] | undefined, next: readonly DayPlan[]) {
  if (!previous) return next.map((day) => day.date);
  const before = new Map(previous.map((day) => [day.date, dayKey(day)]));
  return next.filter((day) => before.get(day.date) !== dayKey(day)).map((day) => day.date);
}

export type SchedulePublicationsService = ReturnType<typeof createSchedulePublicationsService>;

export function createSchedulePublicationsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repository = createSchedulePublicationsRepository(db);
  const planning = createPlanningService({ db });

  async function company(companyId: number) {
    const row = await repository.findCompany(companyId);
    if (!row) throw AppError.notFound('Компания не найдена');
    return row;
  }

  /** The unit of the company in the caller's scope, else 404 (as another company's). */
  async function getUnit(auth: { companyId: number; scope: EmployeeScope }, unit: UnitKey) {
    const title = scopeHoldsUnit(auth.scope, unit)
      ? await repository.findUnitTitle(auth.companyId, unit)
      : undefined;
    if (title === undefined) {
      throw AppError.notFound(unit.kind === 'BRANCH' ? 'Филиал не найден' : 'Отдел не найден');
    }
    return { ...unit, title } satisfies Unit;
  }

  /** The live plan (the draft) of the unit's employees over the month: fixed queries. */
  async function draftOf(companyId: number, unit: Unit, month: string) {
    const { from, to } = monthRange(month);
    const people = await repository.findUnitEmployees(companyId, unit, from, to);
    const ids = people.map((person) => person.id);
    const plans =
      ids.length === 0
        ? new Map<number, DayPlan[]>()
        : new Map(
            [...(await planning.planEmployees(companyId, ids, from, to)).plans].map(
              ([id, plan]) => [id, plan.days],
            ),
          );
    return { people, plans };
  }

  /** The unit's versions of the month in the API's shape, newest first. */
  async function versionsOf(companyId: number, month: string, unit: Unit) {
    const rows = await repository.findPublications(companyId, month, unit);
    const names = new Map(
      (
        await repository.findNames(
          companyId,
          rows.flatMap((row) =>
            row.publication.publishedBy === null ? [] : [row.publication.publishedBy],
          ),
        )
      ).map((row) => [row.id, row.name]),
    );
    return rows.map((row): SchedulePublication => toPublication(row.publication, unit, names, row));
  }

  function toPublication(
    row: PublicationRow,
    unit: Unit,
    names: ReadonlyMap<number, string>,
    counts: { employees: number; changedEmployees: number; acknowledged: number },
  ): SchedulePublication {
    return {
      id: row.id,
      month: row.month,
      unit: { kind: unit.kind, id: unit.id, title: unit.title },
      version: row.version,
      publishedBy:
        row.publishedBy === null
          ? null
          : { id: row.publishedBy, name: names.get(row.publishedBy) ?? '' },
      publishedAt: row.publishedAt.toISOString(),
      late: row.late,
      employees: counts.employees,
      changedEmployees: counts.changedEmployees,
      acknowledged: counts.acknowledged,
    };
  }

  /** The days of the unit's last version, by employee. */
  async function lastDays(companyId: number, latest: SchedulePublication | undefined) {
    if (!latest) return new Map<number, { days: DayPlan[]; acknowledgedAt: Date | null }>();
    const rows = await repository.findPublicationDays(companyId, latest.id);
    return new Map(rows.map((row) => [row.employeeId, row]));
  }

  function isLateNow(month: string, timezone: string) {
    return localDateOf(now(), timezone) > publicationDeadline(month);
  }

  return {
    async getState(
      auth: CompanyAuthContext,
      key: SchedulePublicationKey,
    ): Promise<SchedulePublicationState> {
      const unit = await getUnit(auth, unitOf(key));
      const settings = await company(auth.companyId);
      const [{ people, plans }, versions] = await Promise.all([
        draftOf(auth.companyId, unit, key.month),
        versionsOf(auth.companyId, key.month, unit),
      ]);
      const published = await lastDays(auth.companyId, versions[0]);
      const changes = people.flatMap((person) => {
        const dates = changedDates(published.get(person.id)?.days, plans.get(person.id) ?? []);
        return dates.length === 0 ? [] : [{ employeeId: person.id, dates }];
      });
      return {
        enabled: settings.enabled,
        month: key.month,
        unit: { kind: unit.kind, id: unit.id, title: unit.title },
        deadline: publicationDeadline(key.month),
        lateNow: isLateNow(key.month, settings.timezone),
        employees: people.length,
        versions,
        changes,
        changedDays: changes.reduce((sum, change) => sum + change.dates.length, 0),
      };
    },

    async publish(
      auth: CompanyAuthContext,
      key: SchedulePublicationKey,
    ): Promise<SchedulePublication> {
      const unit = await getUnit(auth, unitOf(key));
      const settings = await company(auth.companyId);
      if (!settings.enabled) throw AppError.conflict(messages.disabled);
      const [{ people, plans }, versions] = await Promise.all([
        draftOf(auth.companyId, unit, key.month),
        versionsOf(auth.companyId, key.month, unit),
      ]);
      if (people.length === 0) throw AppError.conflict(messages.noEmployees);
      const latest = versions[0];
      const published = await lastDays(auth.companyId, latest);
      const rows = people.map((person) => {
        const days = plans.get(person.id) ?? [];
        const before = published.get(person.id);
        const dates = changedDates(before?.days, days);
        return {
          employeeId: person.id,
          days,
          changedDates: dates,
          // Days the version leaves as they were keep the employee's acknowledgement.
          acknowledgedAt: dates.length === 0 ? (before?.acknowledgedAt ?? null) : null,
        };
      });
      const touched = rows.filter((row) => row.changedDates.length > 0);
      if (latest && touched.length === 0 && people.length === published.size) {
        throw AppError.conflict(messages.noChanges);
      }
      const at = new Date(now());
      const late = isLateNow(key.month, settings.timezone);
      const version = (latest?.version ?? 0) + 1;
      let row: PublicationRow;
      try {
        row = await db.transaction(async (tx: DbOrTx) => {
          const repo = createSchedulePublicationsRepository(tx);
          const inserted = await repo.insertPublication({
            companyId: auth.companyId,
            month: key.month,
            branchId: unit.kind === 'BRANCH' ? unit.id : null,
            departmentId: unit.kind === 'DEPARTMENT' ? unit.id : null,
            version,
            publishedBy: auth.employeeId,
            publishedAt: at,
            late,
          });
          await repo.insertDays(
            rows.map((item) => ({
              publicationId: inserted.id,
              companyId: auth.companyId,
              ...item,
            })),
          );
          await createAuditRepository(tx).record({
            companyId: auth.companyId,
            userId: auth.userId,
            impersonatorId: auth.impersonatorId,
            action: 'SCHEDULE_PUBLISH',
            entity: 'schedule_publication',
            entityId: String(inserted.id),
            details: {
              month: key.month,
              branchId: inserted.branchId,
              departmentId: inserted.departmentId,
              version,
              late,
              employees: rows.length,
              changedEmployees: touched.length,
              employeeId: auth.employeeId,
            },
          });
          await notifySchedulePublished(tx, {
            companyId: auth.companyId,
            publicationId: inserted.id,
            month: key.month,
            version,
            touched,
          });
          return inserted;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(messages.concurrent);
        throw error;
      }
      const names = new Map(
        (await repository.findNames(auth.companyId, [auth.employeeId])).map((item) => [
          item.id,
          item.name,
        ]),
      );
      return toPublication(row, unit, names, {
        employees: rows.length,
        changedEmployees: touched.length,
        acknowledged: rows.filter((item) => item.acknowledgedAt !== null).length,
      });
    },

    async getPublication(
      auth: CompanyAuthContext,
      id: number,
    ): Promise<SchedulePublicationDetails> {
      const row = await repository.findPublication(auth.companyId, id);
      if (!row) throw AppError.notFound('Версия графика не найдена');
      const unitKey = unitOf({
        branchId: row.branchId ?? undefined,
        departmentId: row.departmentId ?? undefined,
      });
      if (!scopeHoldsUnit(auth.scope, unitKey))
        throw AppError.notFound('Версия графика не найдена');
      const unit = await getUnit(auth, unitKey);
      const [days, names] = await Promise.all([
        repository.findPublicationDays(auth.companyId, id),
        row.publishedBy === null
          ? Promise.resolve([])
          : repository.findNames(auth.companyId, [row.publishedBy]),
      ]);
      return {
        publication: toPublication(row, unit, new Map(names.map((item) => [item.id, item.name])), {
          employees: days.length,
          changedEmployees: days.filter((item) => item.changedDates.length > 0).length,
          acknowledged: days.filter((item) => item.acknowledgedAt !== null).length,
        }),
        employees: days.map((item) => ({
          employeeId: item.employeeId,
          name: item.name,
          days: item.days,
          changedDates: item.changedDates,
          acknowledgedAt: item.acknowledgedAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * The caller's schedule of `from`–`to`. With «Публикация графика» on: the dates of months
     * published for them, as their latest version has them (a month not published yet has no
     * dates); off: the live plan. Each month with its latest version and acknowledgement.
     */
    async mySchedule(auth: CompanyAuthContext, query: MyScheduleQuery): Promise<MySchedule> {
      const settings = await company(auth.companyId);
      const months = monthsOf(query.from, query.to);
      const versions = await repository.findEmployeeVersions(
        auth.companyId,
        auth.employeeId,
        months,
      );
      const latest = new Map<string, (typeof versions)[number]>();
      for (const version of versions)
        if (!latest.has(version.month)) latest.set(version.month, version);
      let days: DayPlan[];
      if (settings.enabled) {
        days = months
          .flatMap((month) => latest.get(month)?.days ?? [])
          .filter((day) => day.date >= query.from && day.date <= query.to);
      } else {
        const { plans } = await planning.planEmployees(
          auth.companyId,
          [auth.employeeId],
          query.from,
          query.to,
        );
        days = plans.get(auth.employeeId)?.days ?? [];
      }
      return {
        from: query.from,
        to: query.to,
        publication: settings.enabled,
        days,
        months: months.map((month) => toMonth(month, latest.get(month))),
      };
    },

    /** «Ознакомлен»: the caller acknowledges their latest version of a month (once). */
    async acknowledge(
      auth: CompanyAuthContext,
      input: AcknowledgeScheduleInput,
    ): Promise<MyScheduleMonth> {
      const row = await repository.findPublication(auth.companyId, input.publicationId);
      if (!row) throw AppError.notFound('Версия графика не найдена');
      // Every version of the month holding the caller, the one in force first.
      const mine = await repository.findEmployeeVersions(auth.companyId, auth.employeeId, [
        row.month,
      ]);
      if (!mine.some((version) => version.publicationId === row.id))
        throw AppError.notFound('Версия графика не найдена');
      if (mine[0]!.publicationId !== row.id) throw AppError.conflict(messages.notLatest);
      await repository.acknowledge(auth.companyId, row.id, auth.employeeId, new Date(now()));
      const [after] = await repository.findEmployeeVersions(auth.companyId, auth.employeeId, [
        row.month,
      ]);
      return toMonth(row.month, after);
    },

    /**
     * What an employee may see of their own plan (`GET /profile/plan`): with «Публикация
     * графика» on, the dates of their published months as published and nothing of the others.
     */
    async visiblePlan(
      companyId: number,
      employeeId: number,
      live: DayPlan[],
      range: { from: string; to: string },
    ): Promise<DayPlan[]> {
      const settings = await company(companyId);
      if (!settings.enabled) return live;
      const months = monthsOf(range.from, range.to);
      const versions = await repository.findEmployeeVersions(companyId, employeeId, months);
      const latest = new Map<string, DayPlan[]>();
      for (const version of versions)
        if (!latest.has(version.month)) latest.set(version.month, version.days);
      return months
        .flatMap((month) => latest.get(month) ?? [])
        .filter((day) => day.date >= range.from && day.date <= range.to);
    },
  };
}

function toMonth(
  month: string,
  version:
    | {
        publicationId: number;
        version: number;
        publishedAt: Date;
        changedDates: string[];
        acknowledgedAt: Date | null;
      }
    | undefined,
): MyScheduleMonth {
  return {
    month,
    publicationId: version?.publicationId ?? null,
    version: version?.version ?? null,
    publishedAt: version?.publishedAt.toISOString() ?? null,
    changedDates: version?.changedDates ?? [],
    acknowledgedAt: version?.acknowledgedAt?.toISOString() ?? null,
  };
}
