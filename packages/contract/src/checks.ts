import { z } from 'zod';
import './zod-setup.ts';
import { EmployeeDatesSchema } from './attendance.ts';
import {
  DateStringSchema,
  ErrorResponseSchema,
  IdSchema,
  InstantSchema,
  PaginationQuerySchema,
  pageOf,
} from './common.ts';

// ---------- Check records (branchId, employeeId, checkInDateTime, checkOutDateTime) ----------

export const CheckSourceSchema = z.enum([
  'MANUAL',
  'WEB',
  'API',
  'TERMINAL',
  'KIOSK_QR',
  'KIOSK_PIN',
]);
export type CheckSource = z.infer<typeof CheckSourceSchema>;

export const checkSourceLabels: Record<CheckSource, string> = {
  MANUAL: 'Вручную',
  WEB: 'С телефона',
  API: 'Через API',
  TERMINAL: 'Терминал',
  KIOSK_QR: 'Киоск (QR)',
  KIOSK_PIN: 'Киоск (PIN)',
};

/**
 * Anti-fraud signals of a check (decision 033), computed when its check-in or check-out is
 * recorded and stored on it: QR_VERIFIED is a positive one (a kiosk's rotating QR proved
 * presence), the others are warnings for the manager to look at, never a refusal.
 */
export const CheckSignalSchema = z.enum([
  'QR_VERIFIED',
  'GPS_ACCURACY_ZERO',
  'GPS_LOW_ACCURACY',
  'IMPOSSIBLE_SPEED',
  'NEW_DEVICE',
  'OTHER_BRANCH',
  'FAILED_PINS',
]);
export type CheckSignal = z.infer<typeof CheckSignalSchema>;

export const checkSignalLabels: Record<CheckSignal, string> = {
  QR_VERIFIED: 'Присутствие подтверждено QR',
  GPS_ACCURACY_ZERO: 'Точность GPS ровно 0 — возможна подмена',
  GPS_LOW_ACCURACY: 'Низкая точность GPS — больше радиуса филиала',
  IMPOSSIBLE_SPEED: 'Невозможная скорость между отметками',
  NEW_DEVICE: 'Новое устройство',
  OTHER_BRANCH: 'Другой филиал',
  FAILED_PINS: 'Неудачные попытки PIN',
};

/** The signals that confirm presence rather than warn. */
export const POSITIVE_CHECK_SIGNALS: readonly CheckSignal[] = ['QR_VERIFIED'];

/** Where a self check-in or check-out was made, and how far from the branch. */
export const CheckLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  /** Metres from the branch's point. */
  distance: z.number().nullable(),
});
export type CheckLocation = z.infer<typeof CheckLocationSchema>;

/** A kiosk photo stored for a check (decision 034): of its check-in or its check-out. */
export const CheckPhotoSchema = z.object({
  direction: z.enum(['IN', 'OUT']),
  takenAt: z.string(),
  /** When it is deleted by the company's retention. */
  expiresAt: z.string(),
});
export type CheckPhoto = z.infer<typeof CheckPhotoSchema>;

export const CheckSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  branchId: z.number().int(),
  branchTitle: z.string(),
  checkInDateTime: z.string(),
  /** Null while the employee is in. */
  checkOutDateTime: z.string().nullable(),
  source: CheckSourceSchema,
  /** Closed by the server at the shift's end: «не отмечен уход». */
  autoClosed: z.boolean(),
  checkInLocation: CheckLocationSchema.nullable(),
  checkOutLocation: CheckLocationSchema.nullable(),
  device: z.string(),
  /** Anti-fraud signals of the check-in and the check-out (decision 033). */
  signals: z.array(CheckSignalSchema),
  /** Kiosk photos of its PIN punches, kept for review (decision 034); never matched automatically. */
  photos: z.array(CheckPhotoSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Check = z.infer<typeof CheckSchema>;

const CheckOutSchema = InstantSchema.nullable().optional();

/**
 * `POST /checks/create`, exactly as the spec names it: for admins, managers and API keys.
 * Without `checkOutDateTime` the check stays open.
 */
export const CreateCheckInputSchema = z
  .object({
    branchId: IdSchema.pipe(z.number({ error: 'Выберите филиал' })),
    employeeId: IdSchema.pipe(z.number({ error: 'Выберите сотрудника' })),
    checkInDateTime: InstantSchema,
    checkOutDateTime: CheckOutSchema,
  })
  .strict()
  .refine(
    (input) =>
      !input.checkOutDateTime ||
      Date.parse(input.checkOutDateTime) > Date.parse(input.checkInDateTime),
    { path: ['checkOutDateTime'], message: 'Уход должен быть позже прихода' },
  );
export type CreateCheckInput = z.input<typeof CreateCheckInputSchema>;

/** An `Idempotency-Key`: the header of `POST /checks/create`, a field of each batch item. */
export const IdempotencyKeySchema = z
  .string({ error: 'Укажите ключ идемпотентности' })
  .trim()
  .min(1, 'Ключ идемпотентности пуст')
  .max(200, 'Ключ идемпотентности — не длиннее 200 символов');

/** The most items one `POST /checks/batch` takes. */
export const CHECK_BATCH_MAX_ITEMS = 500;

/**
 * One item of `POST /checks/batch`: the body of `POST /checks/create` plus its own
 * `idempotencyKey` (required: a terminal or an offline queue resends whole batches). The request
 * checks the key only; the rest is checked item by item as the single create checks its body,
 * so that one malformed item is refused alone and costs the others nothing.
 */
export const CheckBatchItemSchema = z.looseObject({
  idempotencyKey: IdempotencyKeySchema,
  branchId: z.unknown().optional(),
  employeeId: z.unknown().optional(),
  checkInDateTime: z.unknown().optional(),
  checkOutDateTime: z.unknown().optional(),
});
export type CheckBatchItem = z.input<typeof CheckBatchItemSchema>;

/** `POST /checks/batch`: up to 500 checks of terminals and offline queues in one request. */
export const CheckBatchInputSchema = z
  .object({
    items: z
      .array(CheckBatchItemSchema, { error: 'Передайте список отметок' })
      .min(1, 'Передайте хотя бы одну отметку')
      .max(CHECK_BATCH_MAX_ITEMS, `Не больше ${CHECK_BATCH_MAX_ITEMS} отметок за запрос`),
  })
  .strict();
export type CheckBatchInput = z.input<typeof CheckBatchInputSchema>;

/**
 * Each item's own answer, in the order of the request: `created` (201 of the single create),
 * `replayed` (its key was seen: the check it created, as it is now) or `refused` with the error
 * the single create would have answered (status, code, Russian message, fields).
 */
export const CheckBatchItemResultSchema = z.discriminatedUnion('result', [
  z.object({
    idempotencyKey: z.string(),
    result: z.literal('created'),
    check: CheckSchema,
  }),
  z.object({
    idempotencyKey: z.string(),
    result: z.literal('replayed'),
    check: CheckSchema,
  }),
  z.object({
    idempotencyKey: z.string(),
    result: z.literal('refused'),
    error: ErrorResponseSchema,
  }),
]);
export type CheckBatchItemResult = z.infer<typeof CheckBatchItemResultSchema>;

export const CheckBatchResultSchema = z.object({
  items: z.array(CheckBatchItemResultSchema),
  /** How many items were created, replayed and refused. */
  created: z.number().int(),
  replayed: z.number().int(),
  refused: z.number().int(),
});
export type CheckBatchResult = z.infer<typeof CheckBatchResultSchema>;

const ReasonSchema = z
  .string({ error: 'Укажите причину' })
  .trim()
  .min(3, 'Укажите причину')
  .max(500, 'Не длиннее 500 символов');

/** A manager's correction: the reason is required and kept in the history. */
export const UpdateCheckInputSchema = z
  .object({
    branchId: IdSchema.optional(),
    checkInDateTime: InstantSchema.optional(),
    checkOutDateTime: CheckOutSchema,
    reason: ReasonSchema,
  })
  .strict();
export type UpdateCheckInput = z.infer<typeof UpdateCheckInputSchema>;

export const DeleteCheckInputSchema = z.object({ reason: ReasonSchema }).strict();
export type DeleteCheckInput = z.infer<typeof DeleteCheckInputSchema>;

export const ListChecksQuerySchema = PaginationQuerySchema.extend({
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
  employeeId: IdSchema.optional(),
  branchId: IdSchema.optional(),
  departmentId: IdSchema.optional(),
  /** Only checks still open. */
  open: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Only check-ins after the shift's start plus the tolerance. */
  late: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /**
   * Only checks carrying any of these signals (decision 033): repeated (`signal=A&signal=B`) or
   * separated by commas.
   */
  signal: z
    .preprocess(
      (value) =>
        (Array.isArray(value) ? value : [value])
          .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
          .map((item) => (typeof item === 'string' ? item.trim() : item))
          .filter((item) => item !== ''),
      z.array(CheckSignalSchema, { error: 'Неизвестный сигнал' }).max(7),
    )
    .optional(),
  /**
   * With the attendance of the page's employees around the page's dates (`attendance`): the
   * lateness, early leave and absences the list shows, in the same answer.
   */
  withAttendance: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListChecksQuery = z.input<typeof ListChecksQuerySchema>;
export const ChecksPageSchema = pageOf(CheckSchema).extend({
  /**
   * `withAttendance=true`: each employee of the page, in the order of first appearance, with
   * the dates that hold checks, absences or a shift under way, from the day before the page's
   * first check-in date to the day after its last (a night shift that began the day before owns
   * the morning's check-out; a branch east of the company's zone is a day ahead). Absent when
   * the page is empty or spans more than MAX_ATTENDANCE_DAYS.
   */
  attendance: z.array(EmployeeDatesSchema).optional(),
});
export type ChecksPage = z.infer<typeof ChecksPageSchema>;

/** Self-service: the browser's geolocation; the server's clock sets the time. */
export const SelfCheckInputSchema = z
  .object({
    latitude: z.number({ error: 'Нет координат' }).min(-90).max(90),
    longitude: z.number({ error: 'Нет координат' }).min(-180).max(180),
    accuracy: z.number().min(0).max(100_000).optional(),
    branchId: IdSchema.optional(),
  })
  .strict();
export type SelfCheckInput = z.infer<typeof SelfCheckInputSchema>;

/** Check-out: the open check's branch is kept, the position is recorded. */
export const SelfCheckOutInputSchema = SelfCheckInputSchema.omit({ branchId: true });
export type SelfCheckOutInput = z.infer<typeof SelfCheckOutInputSchema>;

/** A terminal's event: "this person passed" — the first opens a check, the next closes it. */
export const PunchInputSchema = z
  .object({
    employeeId: IdSchema.optional(),
    personnelNumber: z.string().trim().min(1).max(50).optional(),
    branchId: IdSchema,
    time: InstantSchema,
    deviceEventId: z.string().trim().min(1).max(200),
  })
  .strict()
  .refine((input) => input.employeeId !== undefined || input.personnelNumber !== undefined, {
    path: ['employeeId'],
    message: 'Укажите сотрудника или табельный номер',
  });
export type PunchInput = z.infer<typeof PunchInputSchema>;

export const PunchResultSchema = z.object({
  /** IN opened a check, OUT closed one, DUPLICATE: the device event was seen before. */
  result: z.enum(['IN', 'OUT', 'DUPLICATE']),
  check: CheckSchema.nullable(),
});
export type PunchResult = z.infer<typeof PunchResultSchema>;

export const CheckHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['CREATE', 'UPDATE', 'DELETE', 'AUTO_CLOSE']),
  changedByName: z.string().nullable(),
  reason: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type CheckHistoryEntry = z.infer<typeof CheckHistoryEntrySchema>;
export const CheckHistorySchema = z.object({ items: z.array(CheckHistoryEntrySchema) });

// ---------- API keys ----------

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  branchId: z.number().int().nullable(),
  branchTitle: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) });

export const CreateApiKeyInputSchema = z
  .object({
    name: z
      .string({ error: 'Введите название' })
      .trim()
      .min(1, 'Введите название')
      .max(100, 'Не длиннее 100 символов'),
    branchId: IdSchema.nullable().optional(),
  })
  .strict();
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

/** The secret is shown once, in this answer only. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

// ---------- Comments (spec: GET /api/v1/comments) ----------

export const CommentSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  date: z.string(),
  checkId: z.number().int().nullable(),
  authorId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  text: z.string(),
  /** Whether the caller has read it (their own comments count as read). */
  read: z.boolean(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const ListCommentsQuerySchema = PaginationQuerySchema.extend({
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
  employeeId: IdSchema.optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListCommentsQuery = z.input<typeof ListCommentsQuerySchema>;
export const CommentsPageSchema = pageOf(CommentSchema);

/** On a check, or on an employee's date (an employee: their own only). */
export const CreateCommentInputSchema = z
  .object({
    employeeId: IdSchema.optional(),
    date: DateStringSchema.optional(),
    checkId: IdSchema.optional(),
    text: z
      .string({ error: 'Напишите комментарий' })
      .trim()
      .min(1, 'Напишите комментарий')
      .max(2000, 'Не длиннее 2000 символов'),
  })
  .strict()
  .refine((input) => input.checkId !== undefined || input.date !== undefined, {
    path: ['date'],
    message: 'Укажите день или отметку',
  });
export type CreateCommentInput = z.infer<typeof CreateCommentInputSchema>;

export const MarkCommentsReadInputSchema = z
  .object({ ids: z.array(IdSchema).min(1, 'Выберите комментарии').max(500) })
  .strict();
export type MarkCommentsReadInput = z.infer<typeof MarkCommentsReadInputSchema>;

/** How many of the given comments were newly marked read for the caller (others’ ids are skipped). */
export const MarkCommentsReadResultSchema = z.object({ marked: z.number().int() });
export type MarkCommentsReadResult = z.infer<typeof MarkCommentsReadResultSchema>;
