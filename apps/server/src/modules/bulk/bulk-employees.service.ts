import { eq } from 'drizzle-orm';
import {
  ErrorCode,
  MAX_BULK_EMPLOYEES,
  type BulkEmployeesInputSchema,
  type BulkResult,
} from '@smena/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import type { SmsProvider } from '../auth/index.ts';
import {
  assertStructureOfCompany,
  createEmployeesRepository,
  createEmployeesService,
} from '../employees/index.ts';
import { createSchedulesService } from '../schedules/index.ts';
import { createBulkResult, reasonOf, type OnUnexpected } from './bulk-results.ts';

export type BulkEmployeesValues = z.output<typeof BulkEmployeesInputSchema>;

/** The text of a repeated invitation: how to get in with the phone the company entered. */
export function invitationText(companyTitle: string): string {
  return `${companyTitle} ждёт вас в Смене. Войдите по своему номеру телефона: если пароля ещё нет, нажмите «Забыли пароль?» и получите код по SMS.`;
}

/**
 * Bulk actions over employees (decision 019). Each one applies the same service function as the
 * single action, one employee per transaction, so a refused employee changes nothing and the
 * others still go through; assigning a schedule is one set-based write, as it always was.
 */
export function createBulkEmployeesService(deps: { db: Db; sms: SmsProvider }) {
  const { db, sms } = deps;
  const repository = createEmployeesRepository(db);
  const employeesService = createEmployeesService({ db });
  const schedulesService = createSchedulesService({ db });

  /**
   * The employees picked (every one must be the company's and in the caller's scope, else 404
   * like another company's) or matched by the list's filters in the scope (at most the cap).
   */
  async function resolveTargets(auth: CompanyAuthContext, input: BulkEmployeesValues) {
    const options = await employeesService.searchOptionsFor(auth);
    if (input.employeeIds) {
      const ids = [...new Set(input.employeeIds)];
      const rows = await repository.findBulkTargets(
        auth.companyId,
        auth.scope,
        { ids },
        options,
        ids.length,
      );
      if (rows.length !== ids.length) throw AppError.notFound('Сотрудник не найден');
      return rows;
    }
    const filter = input.filter!;
    const rows = await repository.findBulkTargets(
      auth.companyId,
      auth.scope,
      { filters: { ...filter, sort: 'name', order: 'asc' } },
      options,
      MAX_BULK_EMPLOYEES + 1,
    );
    if (rows.length > MAX_BULK_EMPLOYEES)
      throw new AppError(
        ErrorCode.VALIDATION_ERROR,
        `Под фильтр попадает больше ${MAX_BULK_EMPLOYEES} сотрудников. Уточните фильтр`,
      );
    return rows;
  }

  return {
    async apply(
      auth: CompanyAuthContext,
      input: BulkEmployeesValues,
      onUnexpected: OnUnexpected,
    ): Promise<BulkResult> {
      const targets = await resolveTargets(auth, input);
      const outcome = createBulkResult();
      if (targets.length === 0) return outcome.result();

      /** Runs one employee's change; its own transaction keeps a refusal from half-applying. */
      async function each(run: (target: (typeof targets)[number]) => Promise<void>): Promise<void> {
        for (const target of targets) {
          try {
            await run(target);
            outcome.succeed();
          } catch (error) {
            outcome.fail({
              employeeId: target.id,
              name: target.name,
              reason: reasonOf(error, onUnexpected),
            });
          }
        }
      }

      switch (input.action) {
        case 'assignSchedule': {
          const result = await schedulesService.assignSchedule(auth, {
            employeeIds: targets.map((target) => target.id),
            scheduleId: input.scheduleId,
            effectiveFrom: input.effectiveFrom,
          });
          outcome.succeed(result.assigned);
          break;
        }
        case 'move': {
          const change = {
            ...(input.branchIds !== undefined ? { branchIds: input.branchIds } : {}),
            ...(input.departmentId !== undefined ? { departmentId: input.departmentId } : {}),
            ...(input.positionId !== undefined ? { positionId: input.positionId } : {}),
          };
          // A wrong branch, department or position is the request's fault: 422 before anything.
          await assertStructureOfCompany(repository, auth.companyId, change);
          await each((target) => employeesService.applyUpdate(auth, target.id, change));
          break;
        }
        case 'dismiss': {
          // One transaction, the rules checked for each employee in turn, set-based writes.
          const refused = await employeesService.dismissMany(
            auth,
            targets.map((target) => target.id),
            { dismissedAt: input.dismissedAt, ...(input.reason ? { reason: input.reason } : {}) },
          );
          for (const target of targets) {
            const reason = refused.get(target.id);
            if (reason)
              outcome.fail({ employeeId: target.id, name: target.name, reason: reason.message });
            else outcome.succeed();
          }
          break;
        }
        case 'resendInvitations': {
          const [company] = await db
            .select({ title: companies.title })
            .from(companies)
            .where(eq(companies.id, auth.companyId))
            .limit(1);
          const text = invitationText(company?.title ?? 'Компания');
          await each(async (target) => {
            if (target.status !== 'ACTIVE')
              throw AppError.conflict('Сотрудник уволен — приглашение не отправлено');
            if (target.lastLoginAt !== null)
              throw AppError.conflict('Сотрудник уже входил в Смену — приглашение не нужно');
            await sms.send(target.phone, text);
          });
          break;
        }
      }
      return outcome.result();
    },
  };
}
