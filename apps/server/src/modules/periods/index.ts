/** The public entry of modules/periods: the lock guard every attendance write asks (decision 022). */
export {
  type LockSubject,
  type PeriodLock,
  createPeriodLock,
  OPEN_END,
  periodLockedError,
} from './periods.lock.ts';
