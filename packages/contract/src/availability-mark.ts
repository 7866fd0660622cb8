import { z } from 'zod';
import './zod-setup.ts';

// ---------- An availability mark as read (decision 027) ----------
// Apart from the inputs (availability.ts): the calendar's rows and the employee's home card need
// only these, and a bundle takes only the contract modules it uses.

/** «Не могу» (the employee cannot work) or «Хотел бы не работать» (a wish, not a refusal). */
export const AvailabilityKindSchema = z.enum(['UNAVAILABLE', 'PREFER_NOT'], {
  error: 'Выберите: не могу или хотел бы не работать',
});
export type AvailabilityKind = z.infer<typeof AvailabilityKindSchema>;

export const availabilityKindLabels: Record<AvailabilityKind, string> = {
  UNAVAILABLE: 'Не могу',
  PREFER_NOT: 'Хотел бы не работать',
};

/** The longest range `GET /availability` answers (three months and a bit). */
export const MAX_AVAILABILITY_RANGE_DAYS = 93;

/** One mark of an employee's date; `start`/`end` (`HH:mm`, both or neither) narrow it to hours. */
export const AvailabilityMarkSchema = z.object({
  date: z.string(),
  kind: AvailabilityKindSchema,
  start: z.string().nullable(),
  end: z.string().nullable(),
  comment: z.string(),
});
export type AvailabilityMark = z.infer<typeof AvailabilityMarkSchema>;
