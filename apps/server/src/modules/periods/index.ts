/** The public entry of modules/periods (decision 022): the lock guard every attendance write asks, and the month's approval for the T-13 xlsx. */
export {
  type LockSubject,
  type PeriodLock,
  createPeriodLock,
  OPEN_END,
  periodLockedError,
} from './periods.lock.ts';
export { type PeriodsService, createPeriodsService } from './periods.service.ts';
