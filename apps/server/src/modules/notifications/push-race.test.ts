import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { PushPayloadSchema } from '@smena/contract';
import { openDatabase, type Database } from '../../db/client.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany } from '../../../test/factories.ts';
import { startLocalPushService, type LocalPushService } from '../../../test/push-service.ts';
import { createJobRunner, findJobs, type JobHandler, type JobRunner } from '../jobs/jobs.ts';
import { PUSH_DELIVER_JOB, notify } from './notifications.service.ts';
import { createPushDeliverHandler } from './push.ts';
import { ensureVapidKeys } from './vapid.ts';

/**
 * Two server instances on one PostgreSQL: two pools, two runners racing over the same due jobs.
 * PGlite has one connection and nothing to race, so this runs on PostgreSQL only.
 */
describe.skipIf(!process.env.DATABASE_URL)('push delivery across two instances', () => {
  let t: TestApp;
  let second: Database;
  let push: LocalPushService;

  beforeAll(async () => {
    t = await buildTestApp();
    const url = (t.database.pool!.options as { connectionString: string }).connectionString;
    second = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
    push = await startLocalPushService();
  });
  afterAll(async () => {
    await push?.close();
    await second?.close();
    await t?.close();
  });

  it('delivers 200 due notifications exactly once each', async () => {
    const company = await createCompany(t.app);
    const browser = push.subscribe();
    const subscribed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/profile/notification-token',
      token: company.admin.tokens.accessToken,
      payload: { notificationToken: browser.token, key: 'web' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const created: number[] = [];
    for (let index = 0; index < 200; index++) {
      const result = await notify(t.database.db, {
        companyId: company.companyId,
        userIds: [company.adminUserId],
        kind: 'COMMENT',
        title: `Уведомление ${index}`,
        body: 'Текст',
        url: '/',
      });
      created.push(...result.notificationIds);
    }
    expect(created).toHaveLength(200);

    const vapid = await ensureVapidKeys(t.database.db, t.env);
    const deliver = createPushDeliverHandler({ vapid });
    const ran = { a: 0, b: 0 };
    const counting =
      (worker: 'a' | 'b'): JobHandler =>
      async (payload, ctx) => {
        ran[worker] += 1;
        await deliver(payload, ctx);
      };
    const log = pino({ level: 'silent' });
    const runners: [JobRunner, JobRunner] = [
      createJobRunner({
        db: t.database.db,
        log,
        workerId: 'instance-a',
        batchSize: 10,
        handlers: { [PUSH_DELIVER_JOB]: counting('a') },
      }),
      createJobRunner({
        db: second.db,
        log,
        workerId: 'instance-b',
        batchSize: 10,
        handlers: { [PUSH_DELIVER_JOB]: counting('b') },
      }),
    ];
    const now = new Date(Date.now() + 60_000);
    await Promise.all(
      runners.map(async (runner) => {
        while ((await runner.runOnce(now)) > 0);
      }),
    );
    // One may stop while the other still holds the last batch: drain what is left.
    while ((await runners[0].runOnce(now)) > 0);

    expect(push.received).toHaveLength(200);
    const delivered = push.received.map(
      (message) =>
        PushPayloadSchema.parse(JSON.parse(browser.decrypt(message.body))).notificationId,
    );
    expect(new Set(delivered).size).toBe(200);
    expect([...delivered].sort((x, y) => x! - y!)).toEqual([...created].sort((x, y) => x - y));
    expect(ran.a + ran.b).toBe(200);
    expect(ran.a).toBeGreaterThan(0);
    expect(ran.b).toBeGreaterThan(0);
    const deliveries = await findJobs(t.database.db, { kind: PUSH_DELIVER_JOB });
    expect(deliveries).toHaveLength(200);
    expect(deliveries.every((job) => job.status === 'DONE' && job.attempts === 1)).toBe(true);
  });
});
