/**
 * What the kiosk module (decision 031) uses of checks: the presence punch, run inside the kiosk's
 * own transaction (its per-employee lock makes a double scan one punch), and the refusals of the
 * month lock, which must outlive that transaction's rollback.
 */
import type { Db, DbOrTx } from '../../db/client.ts';
import { createPeriodLock } from '../periods/index.ts';
import { createChecksRepository } from './checks.repository.ts';
import { createSelfChecks } from './checks.self.ts';

export type CheckRefusal = Parameters<
  ReturnType<typeof createChecksRepository>['insertRefusal']
>[1];

/**
 * The presence punch on `tx`; a refusal the month lock would write is handed to `onRefusal`
 * instead (the caller writes it after the rollback with `recordCheckRefusals`).
 */
export function createPresencePunch(
  tx: DbOrTx,
  now: () => number,
  onRefusal: (refusal: CheckRefusal) => void,
) {
  const repository = {
    ...createChecksRepository(tx),
    insertRefusal: async (_companyId: number, refusal: CheckRefusal) => onRefusal(refusal),
  };
  // A transaction runs the same queries as the database it belongs to.
  const db = tx as Db;
  return createSelfChecks({ db, now, repository, lock: createPeriodLock(db) }).presencePunch;
}

export async function recordCheckRefusals(db: DbOrTx, companyId: number, refusals: CheckRefusal[]) {
  await createChecksRepository(db).insertRefusals(companyId, refusals);
}
