/**
 * Reminders follow the plans: a route that changes what employees are planned to work (schedules,
 * assignments, day-offs, roster, calendar days, the company's reminder settings or zone) says so
 * with `config: { reschedulesReminders: true }`, and a successful answer queues a re-planning of
 * the company's reminders. The job re-plans from the database, so it needs no details of the
 * change; a reminder already queued re-checks its shift when it runs, so nothing wrong is sent in
 * between.
 */
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { requestCompanyReschedule } from './reminders.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A 2xx answer queues a re-planning of the company's shift reminders. */
    reschedulesReminders?: boolean;
  }
}

export const remindersReschedulePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    // A callback hook: most answers have nothing to queue, and those pay no promise for it.
    app.addHook('onResponse', (request, reply, done) => {
      const companyId = request.auth?.companyId;
      if (
        !request.routeOptions.config.reschedulesReminders ||
        reply.statusCode >= 300 ||
        !companyId
      ) {
        done();
        return;
      }
      requestCompanyReschedule(db, companyId)
        .catch((error: unknown) => {
          // The 15-minute planning pass catches up; the change itself is saved.
          request.log.error({ err: error, companyId }, 'reminders: could not queue a re-planning');
        })
        .finally(() => done());
    });
  },
  { name: 'reminders-reschedule' },
);
