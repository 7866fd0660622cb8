import type { Db } from '../../db/client.ts';
import { createPeriodLock } from '../periods/index.ts';
import { createChecksRepository } from './checks.repository.ts';
import { createCheckCorrections } from './checks.corrections.ts';
import { createCheckQueries } from './checks.queries.ts';
import { createCheckRecording } from './checks.recording.ts';
import { createSelfChecks } from './checks.self.ts';

export type { CreateCheckValues, ListChecksValues, RequestInfo } from './checks.shared.ts';
export { CLOCK_SKEW_MS, OVERLAP_MESSAGE, PUNCH_MAX_AGE_MS } from './checks.shared.ts';

export type ChecksService = ReturnType<typeof createChecksService>;

/**
 * Checks, one file per use case: recording (a manager's or API key's check, a terminal's punch),
 * reading (list, late filter, history), an employee's own check-in and check-out, and a
 * manager's corrections. All share one repository and one clock.
 */
export function createChecksService(deps: { db: Db; now?: () => number }) {
  const context = {
    db: deps.db,
    now: deps.now ?? Date.now,
    repository: createChecksRepository(deps.db),
    lock: createPeriodLock(deps.db),
  };
  return {
    ...createCheckRecording(context),
    ...createCheckQueries(context),
    ...createCheckCorrections(context),
    ...createSelfChecks(context),
  };
}
