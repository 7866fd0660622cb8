import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicTask } from '../../lib/periodic-task.ts';
import type { KioskPhotosService } from './kiosk-photos.service.ts';

const HOUR_MS = 3_600_000;

/**
 * Deletes kiosk photos past their retention (decision 034) a minute after start and then every
 * hour, so that none outlives its day by more than an hour. Several instances may run it at once:
 * a delete of rows already gone deletes nothing. Tests call `purgeExpired` with their own clock.
 */
export function startKioskPhotoRetentionJob(options: {
  service: KioskPhotosService;
  log: FastifyBaseLogger;
}): () => void {
  return startPeriodicTask(
    async () => {
      const deleted = await options.service.purgeExpired();
      if (deleted > 0) options.log.info({ deleted }, 'expired kiosk photos deleted');
    },
    { firstAfterMs: 60_000, everyMs: HOUR_MS },
    (error) => options.log.error({ err: error }, 'cleanup of kiosk photos failed'),
  );
}
