import { ErrorCode } from '@smena/contract';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { companies, employees } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export type LockedCompany = typeof companies.$inferSelect;

export function planLimitReached(): AppError {
  return new AppError(ErrorCode.PLAN_LIMIT_REACHED, 'Достигнут лимит пользователей тарифа');
}

/**
 * Locks the company's row until the transaction ends. Every write that changes who is an active
 * member (seats, the last admin, personnel numbers) takes this lock first, so that two such
 * writes in one company are decided one after the other — a count followed by an insert is then
 * safe under READ COMMITTED.
 */
export async function lockCompany(tx: Tx, companyId: number): Promise<LockedCompany> {
  const rows = await tx
    .select()
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1)
    .for('update');
  const company = rows[0];
  if (!company) throw AppError.notFound('Компания не найдена');
  return company;
}

export async function countActiveEmployees(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.status, 'ACTIVE')));
  return row?.value ?? 0;
}

/**
 * Throws PLAN_LIMIT_REACHED when activating `seats` more members would exceed the plan.
 * Call it inside the transaction that locked the company with `lockCompany`.
 */
export async function assertSeatAvailable(
  tx: Tx,
  company: Pick<LockedCompany, 'id' | 'userLimit'>,
  seats = 1,
): Promise<void> {
  const active = await countActiveEmployees(tx, company.id);
  if (active + seats > company.userLimit) throw planLimitReached();
}

/** Locks the company and checks that one more active member fits its plan. */
export async function reserveSeat(tx: Tx, companyId: number): Promise<LockedCompany> {
  const company = await lockCompany(tx, companyId);
  await assertSeatAvailable(tx, company);
  return company;
}
