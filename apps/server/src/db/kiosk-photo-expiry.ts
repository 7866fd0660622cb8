import { sql } from 'drizzle-orm';
import { companies, kioskPhotos } from './schema/index.ts';

/**
 * The instant a kiosk photo stops being kept (decision 034): its own `expires_at` (the company's
 * retention when it was taken), or sooner when the company has since shortened the retention. Read
 * where `companies` is joined on the photo's company: the review, the checks list, the purge.
 */
export const kioskPhotoExpiry = sql<Date>`least(${kioskPhotos.expiresAt}, ${kioskPhotos.takenAt} + make_interval(days => ${companies.kioskPhotoRetentionDays}))`;
