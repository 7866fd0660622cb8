import type { BulkFailure, BulkResult } from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';

/** Called with an error that is not a rule of the product (a bug, a lost connection). */
export type OnUnexpected = (error: unknown) => void;

const UNEXPECTED_REASON = 'Не удалось применить из-за ошибки сервера. Повторите позже';

/** The reason a person reads: the rule's own message, or a neutral one for anything else. */
export function reasonOf(error: unknown, onUnexpected: OnUnexpected): string {
  if (error instanceof AppError) return error.message;
  onUnexpected(error);
  return UNEXPECTED_REASON;
}

/** Collects the outcome of a bulk action item by item. */
export function createBulkResult() {
  let succeeded = 0;
  const failed: BulkFailure[] = [];
  return {
    succeed(count = 1) {
      succeeded += count;
    },
    fail(failure: BulkFailure) {
      failed.push(failure);
    },
    result(): BulkResult {
      return { succeeded, failed };
    },
  };
}
