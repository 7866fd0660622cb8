import { z } from 'zod';
import './zod-setup.ts';
import { DateStringSchema } from './common.ts';
import { KioskPunchDirectionSchema, KioskPunchResultSchema } from './kiosk.ts';
import { KIOSK_PHOTO_RETENTION_MAX_DAYS } from './kiosk-photo-settings.ts';
import { DAY_FORMS, formatCount } from './words.ts';

// ---------- A photo at kiosk PIN punches (decision 034) ----------

/** The largest photo the server stores: the kiosk sends a 320×240 JPEG of some 10–25 KB. */
export const KIOSK_PHOTO_MAX_BYTES = 60 * 1024;
/** How long the one-time upload token of a punch lives. */
export const KIOSK_PHOTO_TOKEN_TTL_MS = 2 * 60_000;
/** The frame the kiosk takes: small, enough for a person to recognise a face. */
export const KIOSK_PHOTO_WIDTH = 320;
export const KIOSK_PHOTO_HEIGHT = 240;
export const KIOSK_PHOTO_JPEG_QUALITY = 0.7;
/** The header of the upload that carries the punch's one-time token. */
export const KIOSK_PHOTO_TOKEN_HEADER = 'x-photo-token';

/** Whether bytes start like a JPEG file (SOI marker and the next marker's 0xFF). */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** The version of the consent's wording; a new wording gets the next number. */
export const KIOSK_PHOTO_CONSENT_VERSION = 1;

/**
 * The consent to a photo at kiosk PIN punches (152-ФЗ, art. 11: a photo that confirms who a
 * person is counts as biometric data). Paragraphs are separated by an empty line. The server
 * stores the text the employee agreed to, as it reads at that moment.
 */
export function kioskPhotoConsentText(input: {
  companyTitle: string;
  retentionDays: number;
}): string {
  return [
    `Я даю согласие работодателю — ${input.companyTitle} — на обработку моих биометрических персональных данных: фотографии моего лица, которую делает фронтальная камера киоска учёта рабочего времени, когда я отмечаю приход или уход по табельному номеру и PIN.`,
    'Цель — подтвердить, что отметку по PIN сделал я сам. Фотографию смотрит руководитель, проверяя отметку. Лица автоматически не сравниваются и не распознаются.',
    'Фотографию видят администраторы компании, руководители, в чью зону ответственности я вхожу, и я сам. Фотографии хранятся в сервисе учёта рабочего времени, который обрабатывает их по поручению работодателя на серверах в России, и никому не передаются.',
    `Каждая фотография хранится ${formatCount(input.retentionDays, DAY_FORMS)} с момента отметки и затем удаляется автоматически. Срок устанавливает работодатель, но не больше ${formatCount(KIOSK_PHOTO_RETENTION_MAX_DAYS, DAY_FORMS)}.`,
    'Согласие действует, пока я его не отзову. Отозвать его можно в любой момент — в приложении или письменным заявлением работодателю; после отзыва все мои фотографии сразу удаляются, а отметки по PIN делаются без фото.',
    'Без согласия фото не делается. Отказ не лишает меня возможности отмечаться на киоске по PIN или по QR-коду.',
  ].join('\n\n');
}

export const KioskPhotoConsentMethodSchema = z.enum(['APP', 'PAPER']);
export type KioskPhotoConsentMethod = z.infer<typeof KioskPhotoConsentMethodSchema>;

export const kioskPhotoConsentMethodLabels: Record<KioskPhotoConsentMethod, string> = {
  APP: 'В приложении',
  PAPER: 'На бумаге',
};

/** A consent as recorded: how, when, by whom, and when withdrawn (null: in force). */
export const KioskPhotoConsentSchema = z.object({
  id: z.number().int(),
  method: KioskPhotoConsentMethodSchema,
  /** When it was recorded (for a paper consent: when the ADMIN entered it). */
  givenAt: z.string(),
  /** The wording agreed to in the app; null for paper. */
  textVersion: z.number().int().nullable(),
  /** A paper consent's document: its date (yyyy-MM-dd) and number. */
  documentDate: z.string().nullable(),
  documentNumber: z.string().nullable(),
  recordedByName: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawnByName: z.string().nullable(),
});
export type KioskPhotoConsent = z.infer<typeof KioskPhotoConsentSchema>;

/** The company's setting, as the consent card and the employee's card need it. */
const KioskPhotoSettingSchema = z.object({
  /** «Фото при отметке по PIN» is on in the company. */
  enabled: z.boolean(),
  retentionDays: z.number().int(),
});

/** `GET /kiosk-photo-consent`: the setting, the consent's current text and the caller's consent. */
export const MyKioskPhotoConsentSchema = KioskPhotoSettingSchema.extend({
  textVersion: z.number().int(),
  text: z.string(),
  /** The consent in force, or null. */
  consent: KioskPhotoConsentSchema.nullable(),
  /** How many of the caller's photos are stored now. */
  photos: z.number().int(),
});
export type MyKioskPhotoConsent = z.infer<typeof MyKioskPhotoConsentSchema>;

/** `POST /kiosk-photo-consent`: the wording the employee read (a newer one answers 409). */
export const GiveKioskPhotoConsentInputSchema = z
  .object({
    textVersion: z.number({ error: 'Нет версии текста согласия' }).int().min(1).max(1000),
  })
  .strict();
export type GiveKioskPhotoConsentInput = z.input<typeof GiveKioskPhotoConsentInputSchema>;

/** `GET /employees/:id/kiosk-photo-consent` (ADMIN): the setting, the consent in force, the past ones. */
export const EmployeeKioskPhotoConsentSchema = KioskPhotoSettingSchema.extend({
  consent: KioskPhotoConsentSchema.nullable(),
  /** Withdrawn consents, newest first. */
  history: z.array(KioskPhotoConsentSchema),
  photos: z.number().int(),
});
export type EmployeeKioskPhotoConsent = z.infer<typeof EmployeeKioskPhotoConsentSchema>;

/** `POST /employees/:id/kiosk-photo-consent` (ADMIN): a consent the employee signed on paper. */
export const PaperKioskPhotoConsentInputSchema = z
  .object({
    documentDate: DateStringSchema,
    documentNumber: z
      .string({ error: 'Укажите номер документа' })
      .trim()
      .min(1, 'Укажите номер документа')
      .max(100, 'Не длиннее 100 символов'),
  })
  .strict();
export type PaperKioskPhotoConsentInput = z.input<typeof PaperKioskPhotoConsentInputSchema>;

/** What a withdrawal answers: how many photos were deleted with it. */
export const KioskPhotoWithdrawalSchema = z.object({
  result: z.literal('withdrawn'),
  deletedPhotos: z.number().int(),
});
export type KioskPhotoWithdrawal = z.infer<typeof KioskPhotoWithdrawalSchema>;

// ---------- The kiosk: asking for a photo, uploading it ----------

/** A PIN punch that wants a photo: the one-time token of its upload and when it ends. */
export const KioskPhotoRequestSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export type KioskPhotoRequest = z.infer<typeof KioskPhotoRequestSchema>;

/**
 * `POST /kiosk/pin-punch` answers the punch and, when the company takes photos and the employee's
 * consent is in force, `photo` — otherwise null, and the kiosk takes no picture.
 */
export const KioskPinPunchResultSchema = KioskPunchResultSchema.extend({
  photo: KioskPhotoRequestSchema.nullable(),
});
export type KioskPinPunchResult = z.infer<typeof KioskPinPunchResultSchema>;

export const KioskPhotoUploadResultSchema = z.object({ result: z.literal('stored') });

// ---------- Review ----------

/** `GET /checks/:id/photo?direction=IN|OUT`: the check-in's photo unless asked for the check-out's. */
export const CheckPhotoQuerySchema = z
  .object({ direction: KioskPunchDirectionSchema.default('IN') })
  .strict();
