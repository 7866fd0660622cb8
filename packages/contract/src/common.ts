import { z } from 'zod';
import './zod-setup.ts';
import { NewPlanViolationSchema } from './plan-violations.ts';

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The one error shape of the API. */
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(FieldErrorSchema).optional(),
  /** With PLAN_RULES_VIOLATED: the violations the refused change would have brought. */
  violations: z.array(NewPlanViolationSchema).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;

// ---------- Input limits (decision 011) ----------

/** The largest value of a PostgreSQL `integer` (serial ids, limits, minutes). */
export const MAX_INT4 = 2_147_483_647;

/** Integer ids of the database (serial: at most 2^31 − 1, so larger numbers are 422, not 500). */
const ID_MESSAGE = 'Некорректный идентификатор';

/** An id in a path or a query string (text, so coerced): 1…2^31 − 1. */
export const IdSchema = z.coerce
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(MAX_INT4, ID_MESSAGE);
export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * An id in a JSON body: a number, not coerced (so `"5"`, `true` and `[5]` are refused), 1…2^31 − 1.
 * `message` is what a form shows when it is missing («Выберите сотрудника»).
 */
export function idField(message: string = ID_MESSAGE) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_INT4, ID_MESSAGE);
}
export const BodyIdSchema = idField();

/** The years a date, a month or an instant may fall in: wider than any real use, narrower than what breaks. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
const YEAR_RANGE_MESSAGE = `Год от ${MIN_YEAR} до ${MAX_YEAR}`;

function isYearInRange(year: number): boolean {
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

function dateStringBetween(minYear: number, maxYear: number) {
  return (
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД')
      // Date.parse rolls 2026-02-30 over to March; a real date survives the round trip.
      .refine((value) => {
        const time = Date.parse(`${value}T00:00:00Z`);
        return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
      }, 'Несуществующая дата')
      .refine((value) => {
        const year = Number(value.slice(0, 4));
        return year >= minYear && year <= maxYear;
      }, `Год от ${minYear} до ${maxYear}`)
  );
}

/** `yyyy-MM-dd`, the spec's date format, on the wire and on screen; years 2000–2100. */
export const DateStringSchema = dateStringBetween(MIN_YEAR, MAX_YEAR);

/** A date of a person's history (hire, dismissal), which may well precede 2000: years 1900–2100. */
export const HistoryDateStringSchema = dateStringBetween(1900, MAX_YEAR);

/** `yyyy-MM`: a month of the timesheet; years 2000–2100. */
export const MonthStringSchema = z
  .string({ error: 'Укажите месяц' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Месяц в формате гггг-ММ')
  .refine((value) => isYearInRange(Number(value.slice(0, 4))), YEAR_RANGE_MESSAGE);

/** ISO 8601 instant with an offset; years 2000–2100. */
export const InstantSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => isYearInRange(Number(value.slice(0, 4))), YEAR_RANGE_MESSAGE);

/**
 * An instant the server sends: any year, since it describes what is stored and computed (a shift
 * at 01:00 on 2000-01-01 in Moscow is still 1999 in UTC); requests use InstantSchema.
 */
export const SentInstantSchema = z.iso.datetime({ offset: true });

// ---------- Text: characters no field may hold ----------

export const INVALID_CHARACTER_MESSAGE = 'Недопустимый символ';

const INVALID_CHARACTER =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when the text holds a character that no field of the API accepts: NUL and the other C0
 * controls except tab, line feed and carriage return (PostgreSQL refuses NUL in text; the others
 * are invisible garbage), and UTF-16 surrogates without their pair (not Unicode at all).
 */
export function hasInvalidCharacter(text: string): boolean {
  return INVALID_CHARACTER.test(text);
}

/**
 * The path of the first string (a value or an object key) with an invalid character in a parsed
 * request part, e.g. `branches.2.title`; null when the whole value is clean. Depth-bounded walk.
 */
export function findInvalidText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return hasInvalidCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findInvalidText(value[index], [...path, String(index)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasInvalidCharacter(key)) return [...path, key];
    const found = findInvalidText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The last page any list may ask for: page × limit stays far below an int4 offset. */
export const MAX_PAGE = 100_000;

export const PaginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; limit: number };
