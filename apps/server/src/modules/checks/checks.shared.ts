/**
 * What the use cases of checks share: their context, the values they take, the clock rules and
 * the errors they answer.
 */
import type { z } from 'zod';
import {
  ErrorCode,
  type CreateCheckInputSchema,
  type ListChecksQuerySchema,
} from '@smena/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { PeriodLock } from '../periods/index.ts';
import type { ChecksRepository } from './checks.repository.ts';

/**
 * The database, the clock, the repository and the guard of approved months (decision 022) every
 * use case of checks is built from.
 */
export type ChecksContext = {
  db: Db;
  now: () => number;
  repository: ChecksRepository;
  lock: PeriodLock;
};

export type CreateCheckValues = z.output<typeof CreateCheckInputSchema>;
export type ListChecksValues = z.output<typeof ListChecksQuerySchema>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Device clocks run a little ahead: a time this far in the future is still "now". */
export const CLOCK_SKEW_MS = 2 * MINUTE_MS;
/** An offline terminal's events are accepted this long after they happened. */
export const PUNCH_MAX_AGE_MS = 72 * HOUR_MS;

export const OVERLAP_MESSAGE = 'Отметка пересекается с другой отметкой сотрудника';
const NOT_FOUND_MESSAGE = 'Отметка не найдена';

export const notFound = () => AppError.notFound(NOT_FOUND_MESSAGE);
export const overlap = () => AppError.conflict(OVERLAP_MESSAGE);

export type RequestInfo = { userAgent: string | null; idempotencyKey?: string | undefined };

/** Who changed a check: a person, or nobody (an API key, a terminal, the server). */
export function changedBy(auth: AuthContext): number | null {
  return auth.apiKey ? null : auth.employeeId;
}

/** The moments of a check that fix its dates: its check-in and, once closed, its check-out. */
export function instantsOf(check: { checkIn: Date; checkOut: Date | null }): number[] {
  return check.checkOut
    ? [check.checkIn.getTime(), check.checkOut.getTime()]
    : [check.checkIn.getTime()];
}

export function assertNotFuture(field: string, ms: number, nowMs: number, message: string) {
  if (ms > nowMs + CLOCK_SKEW_MS) throw AppError.validation(field, message);
}

/**
 * The month lock (decision 022) for a punch — a terminal's, or the employee's own check: refused
 * in an approved month, and logged for the deviations inbox as «после закрытия периода» first, so
 * the manager sees a late punch instead of it vanishing (decision 024).
 */
export async function assertPunchOpen(
  context: Pick<ChecksContext, 'lock' | 'repository'>,
  companyId: number,
  punch: {
    employeeId: number;
    atMs: number;
    /** Every instant the write touches (a check-out also its check's check-in); `atMs` alone by default. */
    instants?: number[];
    branchId: number | null;
    direction: 'IN' | 'OUT' | null;
  },
): Promise<void> {
  try {
    await context.lock.assertOpen(companyId, [
      { employeeId: punch.employeeId, instants: punch.instants ?? [punch.atMs] },
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.PERIOD_LOCKED)
      await context.repository.insertRefusal(companyId, {
        employeeId: punch.employeeId,
        branchId: punch.branchId,
        direction: punch.direction,
        reason: 'PERIOD_LOCKED',
        at: new Date(punch.atMs),
        distance: null,
        accuracy: null,
      });
    throw error;
  }
}
