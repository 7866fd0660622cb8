import { z } from 'zod';
import './zod-setup.ts';
import { idField, InstantSchema } from './common.ts';
import { IdempotencyKeySchema } from './checks.ts';

// ---------- Branch kiosks (decision 031) ----------

/** How long one QR of a kiosk lives: the kiosk draws a new one every window. */
export const KIOSK_QR_WINDOW_MS = 30_000;
/** The prefix of a kiosk's QR payload (format version 1). */
export const KIOSK_QR_PREFIX = 'SMK1';
/** The scheme of the kiosk's own credential: `Authorization: Kiosk <token>`. */
export const KIOSK_AUTH_SCHEME = 'Kiosk';
/** How long a pairing code can be used after the admin created it. */
export const KIOSK_PAIRING_CODE_TTL_MS = 10 * 60_000;
/** The letters of pairing codes: no 0/O, 1/I/L, so that a person types what they read. */
export const KIOSK_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The 30-second window an instant falls in. */
export function kioskQrWindow(ms: number): number {
  return Math.floor(ms / KIOSK_QR_WINDOW_MS);
}

/** Milliseconds left in the window of `ms`: the kiosk's countdown. */
export function kioskQrMsLeft(ms: number): number {
  return KIOSK_QR_WINDOW_MS - (ms % KIOSK_QR_WINDOW_MS);
}

type Subtle = {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
};

/** WebCrypto: the browser's and Node's alike, so the kiosk and the server sign the same way. */
function subtle(): Subtle {
  const crypto = (globalThis as unknown as { crypto?: { subtle?: Subtle } }).crypto;
  if (!crypto?.subtle) throw new Error('WebCrypto is not available');
  return crypto.subtle;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += BASE64URL[b0 >> 2]!;
    out += BASE64URL[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)]!;
    if (b1 !== undefined) out += BASE64URL[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)]!;
    if (b2 !== undefined) out += BASE64URL[b2 & 63]!;
  }
  return out;
}

/** The signature's length: 16 bytes of HMAC-SHA256 (128 bits) keep the QR small and coarse. */
const SIGNATURE_BYTES = 16;

/**
 * The QR payload of a kiosk for one window: `SMK1.<device>.<window>.<signature>`, the signature
 * being the first 16 bytes of HMAC-SHA256 under the device's QR secret over the device and the
 * window. The kiosk computes it offline; the server recomputes it to verify.
 */
export async function signKioskQr(
  secret: string,
  deviceId: number,
  window: number,
): Promise<string> {
  const encoder = new TextEncoder();
  const key = await subtle().importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await subtle().sign(
    'HMAC',
    key,
    encoder.encode(`smena-kiosk-qr\n${deviceId}\n${window}`),
  );
  const signature = base64url(new Uint8Array(mac).slice(0, SIGNATURE_BYTES));
  return `${KIOSK_QR_PREFIX}.${deviceId}.${window}.${signature}`;
}

const QR_PATTERN = /^SMK1\.([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/** The parts of a QR payload, or null when it is not a kiosk's QR at all. */
export function parseKioskQr(
  payload: string,
): { deviceId: number; window: number; signature: string } | null {
  const match = QR_PATTERN.exec(payload.trim());
  if (!match) return null;
  const deviceId = Number(match[1]);
  if (deviceId > 2_147_483_647) return null;
  return { deviceId, window: Number(match[2]), signature: match[3]! };
}

// ---------- Admin: devices and pairing codes ----------

export const KioskDeviceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  branchId: z.number().int(),
  branchTitle: z.string(),
  pairedAt: z.string(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdByName: z.string().nullable(),
});
export type KioskDevice = z.infer<typeof KioskDeviceSchema>;

export const KioskDevicesSchema = z.array(KioskDeviceSchema);

const KioskTitleSchema = z
  .string({ error: 'Введите название' })
  .trim()
  .min(1, 'Введите название')
  .max(100, 'Не длиннее 100 символов');

export const CreateKioskPairingCodeInputSchema = z
  .object({
    branchId: idField('Выберите филиал'),
    title: KioskTitleSchema.optional(),
  })
  .strict();
export type CreateKioskPairingCodeInput = z.input<typeof CreateKioskPairingCodeInputSchema>;

export const KioskPairingCodeSchema = z.object({
  /** `XXXX-XXXX`, typed on the kiosk. */
  code: z.string(),
  branchId: z.number().int(),
  branchTitle: z.string(),
  title: z.string(),
  expiresAt: z.string(),
});
export type KioskPairingCode = z.infer<typeof KioskPairingCodeSchema>;

export const UpdateKioskDeviceInputSchema = z.object({ title: KioskTitleSchema }).strict();
export type UpdateKioskDeviceInput = z.input<typeof UpdateKioskDeviceInputSchema>;

// ---------- The kiosk device ----------

export const KioskPairInputSchema = z
  .object({
    code: z
      .string({ error: 'Введите код' })
      .trim()
      .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^[0-9A-Z]{8}$/, 'Код — 8 знаков, как на экране администратора')),
  })
  .strict();
export type KioskPairInput = z.input<typeof KioskPairInputSchema>;

export const KioskStateSchema = z.object({
  deviceId: z.number().int(),
  title: z.string(),
  companyName: z.string(),
  branchId: z.number().int(),
  branchTitle: z.string(),
  timezone: z.string(),
  /** The server's clock: the kiosk draws its QR windows and its clock from it. */
  serverTime: z.string(),
  /** The company takes a photo at PIN punches of those who consented (decision 034): the kiosk says so. */
  photoAtPin: z.boolean(),
});
export type KioskState = z.infer<typeof KioskStateSchema>;

export const KioskPairResultSchema = KioskStateSchema.extend({
  /** The device's credential (`Authorization: Kiosk <token>`), shown once. */
  token: z.string(),
  /** The key the kiosk signs its QR with; it never leaves the device otherwise. */
  qrSecret: z.string(),
});
export type KioskPairResult = z.infer<typeof KioskPairResultSchema>;

const PIN_MESSAGE = 'PIN — от 4 до 6 цифр';

export const KioskPinPunchInputSchema = z
  .object({
    personnelNumber: z
      .string({ error: 'Введите табельный номер' })
      .trim()
      .min(1, 'Введите табельный номер')
      .max(50, 'Не длиннее 50 символов'),
    pin: z.string({ error: 'Введите PIN' }).regex(/^\d{4,6}$/, PIN_MESSAGE),
  })
  .strict();
export type KioskPinPunchInput = z.input<typeof KioskPinPunchInputSchema>;

export const KioskPunchDirectionSchema = z.enum(['IN', 'OUT']);
export type KioskPunchDirection = z.infer<typeof KioskPunchDirectionSchema>;

/** What a kiosk punch answers: the short name («Иванов И.»), in or out, the time in the branch's zone. */
export const KioskPunchResultSchema = z.object({
  direction: KioskPunchDirectionSchema,
  employeeName: z.string(),
  branchTitle: z.string(),
  /** `HH:mm` in the branch's zone. */
  time: z.string(),
  at: z.string(),
  checkId: z.number().int(),
  /** The same punch answered again (the same QR or request repeated). */
  repeated: z.boolean(),
});
export type KioskPunchResult = z.infer<typeof KioskPunchResultSchema>;

/** «Приход 09:02» / «Уход 18:05». */
export function kioskPunchLabel(result: Pick<KioskPunchResult, 'direction' | 'time'>): string {
  return `${result.direction === 'IN' ? 'Приход' : 'Уход'} ${result.time}`;
}

// ---------- The employee: the QR scan and the PIN ----------

export const KioskQrPunchInputSchema = z
  .object({
    payload: z
      .string({ error: 'Отсканируйте QR-код киоска' })
      .trim()
      .min(1, 'Отсканируйте QR-код киоска')
      .max(200, 'Это не QR-код киоска'),
  })
  .strict();
export type KioskQrPunchInput = z.input<typeof KioskQrPunchInputSchema>;

/** PINs anyone would try first: one digit repeated, a run up or down, and a few keypad shapes. */
export function isWeakPin(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  if (steps.every((step) => step === 1) || steps.every((step) => step === -1)) return true;
  if (/^(\d\d)\1+$/.test(pin)) return true;
  return ['2580', '0852', '1379', '1397', '2468', '1357', '147258', '159753'].includes(pin);
}

export const SetKioskPinInputSchema = z
  .object({
    pin: z
      .string({ error: 'Введите PIN' })
      .regex(/^\d{4,6}$/, PIN_MESSAGE)
      .refine((pin) => !isWeakPin(pin), 'Слишком простой PIN: не берите 0000, 1234 и подобные'),
  })
  .strict();
export type SetKioskPinInput = z.input<typeof SetKioskPinInputSchema>;

export const KioskPinStatusSchema = z.object({
  set: z.boolean(),
  setAt: z.string().nullable(),
  /** The personnel number to type on the kiosk; null: ask the manager to give one. */
  personnelNumber: z.string().nullable(),
});
export type KioskPinStatus = z.infer<typeof KioskPinStatusSchema>;

// ---------- Offline punches (decision 032) ----------

/** The most queued punches one batch takes. */
export const KIOSK_BATCH_MAX_ITEMS = 200;
/** A device clock further off the server's than this is flagged on its punches. */
export const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;

/** One PIN punch the kiosk queued without a network. */
export const KioskQueuedPinPunchSchema = KioskPinPunchInputSchema.extend({
  idempotencyKey: IdempotencyKeySchema,
  /** The device's clock when the PIN was typed (ISO with offset). */
  deviceAt: InstantSchema,
  /** The device's monotonic counter: the batch is processed in its order. */
  counter: z.number({ error: 'Укажите счётчик' }).int().min(0).max(2_147_483_647),
}).strict();
export type KioskQueuedPinPunch = z.input<typeof KioskQueuedPinPunchSchema>;

/** `POST /kiosk/punches/batch`: the device's «now» (for the skew) and its queued PIN punches. */
export const KioskPunchBatchInputSchema = z
  .object({
    deviceNow: InstantSchema,
    items: z
      .array(KioskQueuedPinPunchSchema)
      .min(1, 'Пустой пакет')
      .max(KIOSK_BATCH_MAX_ITEMS, `Не больше ${KIOSK_BATCH_MAX_ITEMS} отметок за раз`),
  })
  .strict();
export type KioskPunchBatchInput = z.input<typeof KioskPunchBatchInputSchema>;

/**
 * What became of one queued punch. ACCEPTED: stored now; REPEATED: stored before (the same key,
 * or the one-minute repeat) — `result` is that punch; REFUSED: never stored, `message` says why
 * (the device shows it); RETRY: not judged yet (too many wrong PINs: send again later).
 */
export const KioskBatchItemStatusSchema = z.enum(['ACCEPTED', 'REPEATED', 'REFUSED', 'RETRY']);
export type KioskBatchItemStatus = z.infer<typeof KioskBatchItemStatusSchema>;

export const KioskBatchItemResultSchema = z.object({
  idempotencyKey: z.string(),
  counter: z.number().int(),
  status: KioskBatchItemStatusSchema,
  result: KioskPunchResultSchema.nullable(),
  message: z.string().nullable(),
});
export type KioskBatchItemResult = z.infer<typeof KioskBatchItemResultSchema>;

export const KioskPunchBatchResultSchema = z.object({
  /** The device's clock minus the server's, in ms, at sending. */
  clockSkewMs: z.number().int(),
  clockSkewed: z.boolean(),
  items: z.array(KioskBatchItemResultSchema),
});
export type KioskPunchBatchResult = z.infer<typeof KioskPunchBatchResultSchema>;

/** One QR punch the employee's phone queued without a network: the scanned payload, at its time. */
export const QueuedQrPunchSchema = KioskQrPunchInputSchema.extend({
  idempotencyKey: IdempotencyKeySchema,
  deviceAt: InstantSchema,
  counter: z.number({ error: 'Укажите счётчик' }).int().min(0).max(2_147_483_647),
}).strict();
export type QueuedQrPunch = z.input<typeof QueuedQrPunchSchema>;

/** `POST /checks/kiosk-qr/batch`: the phone's «now» and its queued QR punches. */
export const QrPunchBatchInputSchema = z
  .object({
    deviceNow: InstantSchema,
    items: z
      .array(QueuedQrPunchSchema)
      .min(1, 'Пустой пакет')
      .max(KIOSK_BATCH_MAX_ITEMS, `Не больше ${KIOSK_BATCH_MAX_ITEMS} отметок за раз`),
  })
  .strict();
export type QrPunchBatchInput = z.input<typeof QrPunchBatchInputSchema>;
