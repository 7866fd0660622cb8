import type { JobHandlers } from '../jobs/index.ts';
import { PUSH_DELIVER_JOB } from './notifications.service.ts';
import { createPushDeliverHandler } from './push.ts';
import { reminderJobHandlers } from './reminders.ts';
import type { VapidKeys } from './vapid.ts';

/** Every job kind the app runs: push delivery, reminders and late alerts. */
export function createNotificationJobHandlers(deps: { vapid: VapidKeys }): JobHandlers {
  return {
    [PUSH_DELIVER_JOB]: createPushDeliverHandler({ vapid: deps.vapid }),
    ...reminderJobHandlers,
  };
}
