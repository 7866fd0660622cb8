import { z } from 'zod';
import './zod-setup.ts';

// ---------- The company's setting of kiosk photos (decision 034) ----------
// Apart from kiosk-photos.ts, so that the organization's settings do not pull the kiosk's schemas.

/** The retention a company may choose for kiosk photos, in days. */
export const KIOSK_PHOTO_RETENTION_MIN_DAYS = 1;
export const KIOSK_PHOTO_RETENTION_MAX_DAYS = 90;
export const KIOSK_PHOTO_RETENTION_DEFAULT_DAYS = 30;

export const KioskPhotoRetentionDaysSchema = z
  .number({ error: 'Укажите срок хранения в днях' })
  .int('Целое число дней')
  .min(KIOSK_PHOTO_RETENTION_MIN_DAYS, `Не меньше ${KIOSK_PHOTO_RETENTION_MIN_DAYS} дня`)
  .max(KIOSK_PHOTO_RETENTION_MAX_DAYS, `Не больше ${KIOSK_PHOTO_RETENTION_MAX_DAYS} дней`);
