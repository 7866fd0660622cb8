import { and, asc, eq, gte, inArray, like, lt } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '@smena/time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companies, employees, jobs, users } from '../../db/schema/index.ts';
import { memberName } from '../../db/member-name.ts';
import {
  type JobContext,
  type JobHandler,
  cancelJobs,
  enqueueJob,
  enqueueJobs,
} from '../jobs/index.ts';
import { createAttendanceService } from '../attendance/index.ts';
import { createPlanningService } from '../planning/index.ts';
import { notify } from './notifications.service.ts';
import { findManagerRecipients } from './notification-triggers.ts';
import {
  type DueReminder,
  type ReminderSettings,
  companyReminderPrefix,
  dueReminders,
  lateAlertText,
  planningRange,
  reminderText,
} from './reminders-rule.ts';

/**
 * Shift reminders and late alerts as jobs (rules in reminders-rule.ts).
 *
 * `reminders.plan` runs every 15 minutes (it queues its own next run, one per slot across
 * instances): for every company it plans the next 24 hours, queues a `reminder.shift` /
 * `reminder.late` job per due reminder (keyed, so queueing again adds nothing) and cancels the
 * pending ones no longer produced (a schedule, roster or day-off change moved them).
 * `reminders.company` does the same for one company at once after such a change.
 * Each reminder job plans its shift again when it runs and sends nothing if the reminder is no
 * longer produced: a change between two planning passes never sends a wrong reminder.
 */

export const REMINDER_SHIFT_JOB = 'reminder.shift';
export const REMINDER_LATE_JOB = 'reminder.late';
export const REMINDERS_PLAN_JOB = 'reminders.plan';
export const REMINDERS_COMPANY_JOB = 'reminders.company';

/** Reminders due this far ahead are queued. */
export const REMINDER_HORIZON_MS = 24 * 60 * 60_000;
/** How often `reminders.plan` runs. */
export const REMINDER_PLAN_INTERVAL_MS = 15 * 60_000;

const REMINDER_KINDS = [REMINDER_SHIFT_JOB, REMINDER_LATE_JOB];
const REMINDER_MAX_ATTEMPTS = 3;

const ReminderJobPayloadSchema = z.object({
  companyId: z.number().int(),
  employeeId: z.number().int(),
  /** The plan date the shift belongs to. */
  date: z.string(),
  /** The reminder's dedupe key: the job delivers only if the current plan still produces it. */
  key: z.string(),
});
type ReminderJobPayload = z.infer<typeof ReminderJobPayloadSchema>;
const CompanyJobPayloadSchema = z.object({ companyId: z.number().int() });

type CompanySettings = ReminderSettings & {
  id: number;
  /** Notifications on and the company not blocked. */
  isEnabled: boolean;
};

async function findCompanySettings(db: DbOrTx, companyIds?: number[]): Promise<CompanySettings[]> {
  const rows = await db
    .select({
      id: companies.id,
      status: companies.status,
      notification: companies.notification,
      startBeforeMinutes: companies.startNotificationBeforeMinutes,
      endBeforeMinutes: companies.endNotificationBeforeMinutes,
      lateToleranceMinutes: companies.lateToleranceMinutes,
    })
    .from(companies)
    .where(companyIds ? inArray(companies.id, companyIds) : undefined)
    .orderBy(asc(companies.id));
  return rows.map(({ status, notification, ...settings }) => ({
    ...settings,
    isEnabled: notification && status === 'ACTIVE',
  }));
}

/** Active members of the company with an active account: the people who have shifts. */
async function findActiveEmployeeIds(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.status, 'ACTIVE'),
        eq(users.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(employees.id));
  return rows.map((row) => row.id);
}

function reminderJob(companyId: number, reminder: DueReminder) {
  return {
    kind: reminder.type === 'late' ? REMINDER_LATE_JOB : REMINDER_SHIFT_JOB,
    payload: {
      companyId,
      employeeId: reminder.employeeId,
      date: reminder.date,
      key: reminder.dedupeKey,
    } satisfies ReminderJobPayload,
    runAt: new Date(reminder.dueMs),
    dedupeKey: reminder.dedupeKey,
    maxAttempts: REMINDER_MAX_ATTEMPTS,
  };
}

async function cancelAllReminders(db: DbOrTx, companyId: number): Promise<number> {
  let cancelled = 0;
  for (const kind of REMINDER_KINDS)
    cancelled += await cancelJobs(db, { kind, dedupeKeyPrefix: companyReminderPrefix(companyId) });
  return cancelled;
}

export type ScheduleResult = { queued: number; cancelled: number };

async function scheduleWithSettings(
  db: DbOrTx,
  company: CompanySettings,
  now: Date,
): Promise<ScheduleResult> {
  if (!company.isEnabled) return { queued: 0, cancelled: await cancelAllReminders(db, company.id) };

  const fromMs = now.getTime();
  const toMs = fromMs + REMINDER_HORIZON_MS;
  const employeeIds = await findActiveEmployeeIds(db, company.id);
  const produced: DueReminder[] = [];
  if (employeeIds.length > 0) {
    const range = planningRange(fromMs, REMINDER_HORIZON_MS, company);
    const { plans } = await createPlanningService({ db }).planEmployees(
      company.id,
      employeeIds,
      range.from,
      range.to,
    );
    for (const [employeeId, plan] of plans)
      produced.push(
        ...dueReminders({
          companyId: company.id,
          employeeId,
          days: plan.days,
          settings: company,
          fromMs,
          toMs,
        }),
      );
  }

  // Pending reminders of the same window that the plan no longer produces: moved or gone.
  const keys = new Set(produced.map((reminder) => reminder.dedupeKey));
  const pending = await db
    .select({ kind: jobs.kind, dedupeKey: jobs.dedupeKey })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, REMINDER_KINDS),
        eq(jobs.status, 'PENDING'),
        like(jobs.dedupeKey, `${companyReminderPrefix(company.id)}%`),
        gte(jobs.runAt, now),
        lt(jobs.runAt, new Date(toMs)),
      ),
    );
  let cancelled = 0;
  for (const job of pending)
    if (job.dedupeKey !== null && !keys.has(job.dedupeKey))
      // The full key as the prefix: no key extends another (each ends with its due instant).
      cancelled += await cancelJobs(db, { kind: job.kind, dedupeKeyPrefix: job.dedupeKey });

  const queued = await enqueueJobs(
    db,
    produced.map((reminder) => reminderJob(company.id, reminder)),
  );
  return { queued: queued.length, cancelled };
}

/**
 * Queues the company's reminders due in the next 24 hours and cancels its pending ones that the
 * current plans no longer produce; with notifications off (or the company blocked) cancels them
 * all. Idempotent: a second call queues nothing new.
 */
export async function scheduleCompanyReminders(
  db: DbOrTx,
  companyId: number,
  now: Date,
): Promise<ScheduleResult> {
  const [company] = await findCompanySettings(db, [companyId]);
  if (!company) return { queued: 0, cancelled: 0 };
  return scheduleWithSettings(db, company, now);
}

/** After a change of schedules, assignments, roster, day-offs or the company's settings. */
export function rescheduleCompany(
  db: DbOrTx,
  companyId: number,
  now: Date = new Date(),
): Promise<ScheduleResult> {
  return scheduleCompanyReminders(db, companyId, now);
}

/**
 * The same, as a job the runner takes at `runAt` (now): for a service that should not wait for
 * the planning. Inside the change's transaction it is queued only if the change commits.
 */
export async function requestCompanyReschedule(
  db: DbOrTx,
  companyId: number,
  runAt: Date = new Date(),
): Promise<void> {
  await enqueueJob(db, {
    kind: REMINDERS_COMPANY_JOB,
    payload: { companyId },
    runAt,
    maxAttempts: 3,
  });
}

/**
 * Every company: reminders queued for those with notifications on, cancelled for the others.
 * A failing company is logged and skipped.
 */
export async function scheduleAllReminders(
  db: Db,
  now: Date,
  log?: Pick<JobContext['log'], 'error'>,
): Promise<ScheduleResult & { companies: number; failed: number }> {
  const total = { queued: 0, cancelled: 0, companies: 0, failed: 0 };
  for (const company of await findCompanySettings(db)) {
    try {
      const result = await scheduleWithSettings(db, company, now);
      total.queued += result.queued;
      total.cancelled += result.cancelled;
      total.companies++;
    } catch (error) {
      total.failed++;
      log?.error({ err: error, companyId: company.id }, 'planning reminders failed');
    }
  }
  return total;
}

/** The dedupe key of the planning run of the 15-minute slot holding `ms`. */
function planSlotKey(ms: number): string {
  const slot = Math.floor(ms / REMINDER_PLAN_INTERVAL_MS) * REMINDER_PLAN_INTERVAL_MS;
  return `${REMINDERS_PLAN_JOB}:${new Date(slot).toISOString()}`;
}

/**
 * Queues the planning run of the current slot (at start-up: it queues the next one itself).
 * Every instance may call it: one job per slot.
 */
export async function ensureReminderPlanning(db: DbOrTx, now: Date = new Date()): Promise<void> {
  await enqueueJob(db, {
    kind: REMINDERS_PLAN_JOB,
    payload: {},
    runAt: now,
    dedupeKey: planSlotKey(now.getTime()),
  });
}

/**
 * The reminder a job stands for, if the current plan still produces it (the shift was not moved,
 * removed or covered by a day-off since, and the settings did not change), with the company.
 */
async function currentReminder(db: DbOrTx, payload: ReminderJobPayload) {
  const [company] = await findCompanySettings(db, [payload.companyId]);
  if (!company?.isEnabled) return null;
  const [employee] = await db
    .select({
      userId: employees.userId,
      firstName: memberName.firstName,
      lastName: memberName.lastName,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, payload.companyId),
        eq(employees.id, payload.employeeId),
        eq(employees.status, 'ACTIVE'),
        eq(users.status, 'ACTIVE'),
      ),
    );
  if (!employee) return null;
  const { plans } = await createPlanningService({ db }).planEmployees(
    payload.companyId,
    [payload.employeeId],
    addDays(payload.date, -1),
    payload.date,
  );
  const reminder = dueReminders({
    companyId: payload.companyId,
    employeeId: payload.employeeId,
    days: plans.get(payload.employeeId)?.days ?? [],
    settings: company,
    fromMs: -Infinity,
    toMs: Infinity,
  }).find((candidate) => candidate.dedupeKey === payload.key);
  return reminder ? { reminder, employee } : null;
}

/** Reminds the employee of the shift's start or end (skipped once that moment has passed). */
const remindShift: JobHandler = async (raw, ctx) => {
  const payload = ReminderJobPayloadSchema.parse(raw);
  const found = await currentReminder(ctx.db, payload);
  if (!found) return;
  const { reminder, employee } = found;
  if (reminder.type === 'late') return;
  const anchorMs = Date.parse(reminder.type === 'start' ? reminder.start : reminder.end);
  const minutesLeft = Math.ceil((anchorMs - ctx.now.getTime()) / 60_000);
  if (minutesLeft <= 0) return;
  await notify(ctx.db, {
    companyId: payload.companyId,
    userIds: [employee.userId],
    kind: reminder.type === 'start' ? 'SHIFT_START_REMINDER' : 'SHIFT_END_REMINDER',
    ...reminderText(reminder.type, reminder, minutesLeft),
    url: '/',
    dedupeKey: reminder.dedupeKey,
  });
};

/**
 * At start + tolerance: without a check-in since the presence window opened (or a check that
 * covers the start), tells the company's admins and the managers whose scope holds the employee.
 * Skipped once the shift is over.
 */
const alertLate: JobHandler = async (raw, ctx) => {
  const payload = ReminderJobPayloadSchema.parse(raw);
  const found = await currentReminder(ctx.db, payload);
  if (!found || found.reminder.type !== 'late') return;
  const { reminder, employee } = found;
  const nowMs = ctx.now.getTime();
  const startMs = Date.parse(reminder.start);
  if (nowMs >= Date.parse(reminder.end)) return;
  // Which checks belong to the shift's date is the attendance module's answer, as everywhere.
  const [attendance] = await createAttendanceService({
    db: ctx.db,
    now: () => nowMs,
  }).employeesAttendance(
    payload.companyId,
    [{ id: payload.employeeId }],
    reminder.date,
    reminder.date,
  );
  const day = attendance?.days[0];
  const firstShift = day?.plan.shifts[0];
  const presenceFromMs = reminder.presenceFromMs ?? startMs;
  const came =
    day !== undefined &&
    (firstShift === undefined || firstShift.startMs === startMs
      ? // The date's first shift: any check of the date means the employee came.
        day.checks.length > 0
      : // A later shift of a split day: a check since its presence window opened, or one
        // running across its start.
        day.checks.some(
          (check) =>
            check.inMs <= nowMs &&
            (check.inMs >= presenceFromMs || check.outMs === null || check.outMs > startMs),
        ));
  if (came) return;
  const userIds = (
    await findManagerRecipients(ctx.db, payload.companyId, [
      { employeeId: payload.employeeId, userId: employee.userId },
    ])
  ).get(payload.employeeId)!;
  await notify(ctx.db, {
    companyId: payload.companyId,
    userIds,
    kind: 'NOT_CHECKED_IN',
    ...lateAlertText(employee, reminder),
    url: `/company/employees/${payload.employeeId}`,
    dedupeKey: reminder.dedupeKey,
  });
};

/** Queues the next slot's run first (a failing pass does not break the chain), then plans. */
const planReminders: JobHandler = async (_payload, ctx) => {
  const nextMs =
    (Math.floor(ctx.now.getTime() / REMINDER_PLAN_INTERVAL_MS) + 1) * REMINDER_PLAN_INTERVAL_MS;
  await enqueueJob(ctx.db, {
    kind: REMINDERS_PLAN_JOB,
    payload: {},
    runAt: new Date(nextMs),
    dedupeKey: planSlotKey(nextMs),
  });
  const result = await scheduleAllReminders(ctx.db, ctx.now, ctx.log);
  if (result.queued > 0 || result.cancelled > 0 || result.failed > 0)
    ctx.log.info(result, 'reminders planned');
};

const planCompanyReminders: JobHandler = async (raw, ctx) => {
  const { companyId } = CompanyJobPayloadSchema.parse(raw);
  await scheduleCompanyReminders(ctx.db, companyId, ctx.now);
};

/** Merged into the job runner's handlers (app.ts). */
export const reminderJobHandlers: Record<string, JobHandler> = {
  [REMINDER_SHIFT_JOB]: remindShift,
  [REMINDER_LATE_JOB]: alertLate,
  [REMINDERS_PLAN_JOB]: planReminders,
  [REMINDERS_COMPANY_JOB]: planCompanyReminders,
};
