import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import pino from 'pino';
import { PushPayloadSchema, PushPublicKeySchema } from '@smena/contract';
import { companies, jobs, notificationTokens, notifications } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import {
  startLocalPushService,
  type LocalPushService,
  type TestSubscription,
} from '../../../test/push-service.ts';
import { memberWithToken } from '../checks/checks.test-helpers.ts';
import { createJobRunner, findJobs, type JobRunner } from '../jobs/jobs.ts';
import { PUSH_DELIVER_JOB, notify } from './notifications.service.ts';
import { createPushDeliverHandler } from './push.ts';
import { ensureVapidKeys } from './vapid.ts';

let t: TestApp;
let push: LocalPushService;
let company: TestCompany;
let adminToken: string;
let runner: JobRunner;
// Later than the jobs' run_at (now() when queued), so that they are due.
const T0 = new Date(Date.now() + 3_600_000);

beforeAll(async () => {
  t = await buildTestApp();
  push = await startLocalPushService();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  // The keys the app generated and stored on start: the ones browsers subscribed with.
  const vapid = await ensureVapidKeys(t.database.db, t.env);
  runner = createJobRunner({
    db: t.database.db,
    log: pino({ level: 'silent' }),
    handlers: { [PUSH_DELIVER_JOB]: createPushDeliverHandler({ vapid, timeoutMs: 5000 }) },
  });
});
afterAll(async () => {
  await push.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(jobs).where(sql`true`);
  push.received.length = 0;
});

async function subscribe(token: string): Promise<TestSubscription> {
  const browser = push.subscribe();
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/profile/notification-token',
    token,
    payload: { notificationToken: browser.token, key: 'web' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

const notifyAdmin = (title = 'Новый комментарий', kind: 'COMMENT' | 'TEST' = 'COMMENT') =>
  notify(t.database.db, {
    companyId: company.companyId,
    userIds: [company.adminUserId],
    kind,
    title,
    body: 'Петров И.: «Задержался у клиента»',
    url: '/company/employees/1?tab=comments',
  });

async function runAll(now = T0): Promise<void> {
  while ((await runner.runOnce(now)) > 0);
}

describe('push delivery through a local push service', () => {
  it('sends the PushPayload encrypted for the subscription (RFC 8291) and signed with VAPID', async () => {
    const browser = await subscribe(adminToken);
    const { notificationIds, pushJobs } = await notifyAdmin();
    expect(pushJobs).toBe(1);
    await runAll();

    expect(push.received).toHaveLength(1);
    const [message] = push.received;
    expect(message!.subscriptionId).toBe(browser.id);
    expect(message!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      urgency: 'normal',
    });
    const payload = PushPayloadSchema.parse(JSON.parse(browser.decrypt(message!.body)));
    expect(payload).toEqual({
      title: 'Новый комментарий',
      body: 'Петров И.: «Задержался у клиента»',
      url: '/company/employees/1?tab=comments',
      tag: `notification-${notificationIds[0]}`,
      notificationId: notificationIds[0],
    });

    // VAPID (RFC 8292): `vapid t=<JWT signed with the private key>, k=<the public key>`.
    const publicKey = PushPublicKeySchema.parse(
      (await call(t.app, { method: 'GET', url: '/api/v1/push/public-key', token: adminToken }))
        .data,
    ).publicKey;
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(message!.headers.authorization));
    expect(match?.[2]).toBe(publicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(match![1]!, key);
    expect(claims.aud).toBe(push.url);
    expect(claims.sub).toBe(`mailto:${t.env.SUPERADMIN_EMAIL}`);

    expect(await findJobs(t.database.db, { kind: PUSH_DELIVER_JOB })).toMatchObject([
      { status: 'DONE', attempts: 1 },
    ]);
  });

  it('deletes a subscription the push service answers 410 Gone (and 404) for', async () => {
    const gone = await subscribe(adminToken);
    const missing = await subscribe(adminToken);
    push.answer(gone.id, 410);
    push.answer(missing.id, 404);
    await notifyAdmin();
    await runAll();
    const left = await t.database.db
      .select({ endpoint: notificationTokens.endpoint })
      .from(notificationTokens)
      .where(eq(notificationTokens.userId, company.adminUserId));
    const endpoints = left.map((row) => row.endpoint);
    expect(endpoints).not.toContain(gone.subscription.endpoint);
    expect(endpoints).not.toContain(missing.subscription.endpoint);
    const deliveries = await findJobs(t.database.db, { kind: PUSH_DELIVER_JOB });
    expect(deliveries.every((job) => job.status === 'DONE')).toBe(true);
    // Nothing more goes to them.
    push.received.length = 0;
    await notifyAdmin();
    await runAll();
    expect(push.received.map((message) => message.subscriptionId)).not.toContain(gone.id);
  });

  it('retries a failing push service with backoff, then keeps the job DEAD', async () => {
    const member = await memberWithToken(t, company.companyId, 'MANAGER');
    const browser = await subscribe(member.token);
    push.answer(browser.id, (call) => (call <= 2 ? 503 : 500));
    await notify(t.database.db, {
      companyId: company.companyId,
      userIds: [member.user.id],
      kind: 'LATE',
      title: 'Опоздание',
      body: 'Петров И. не отметился',
      url: '/company/dashboard',
    });
    let now = T0;
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await runner.runOnce(now)).toBe(1);
      const [job] = await findJobs(t.database.db, { kind: PUSH_DELIVER_JOB });
      expect(job!.attempts).toBe(attempt);
      expect(job!.lastError).toContain(attempt <= 2 ? '503' : '500');
      if (attempt < 5) {
        expect(job!.status).toBe('PENDING');
        expect(job!.runAt.getTime() - now.getTime()).toBe(30_000 * 2 ** (attempt - 1));
        now = job!.runAt;
      } else {
        expect(job!.status).toBe('DEAD');
      }
    }
    expect(push.received.filter((message) => message.subscriptionId === browser.id)).toHaveLength(
      5,
    );
    expect(push.received[0]!.headers).toMatchObject({ urgency: 'high', ttl: '14400' });
    // The subscription stays: a failing service is not a gone subscription.
    const [row] = await t.database.db
      .select()
      .from(notificationTokens)
      .where(eq(notificationTokens.endpoint, browser.subscription.endpoint));
    expect(row).toBeDefined();
  });

  it("writes the in-app row but queues no push while the company's notification switch is off", async () => {
    const own = await createCompany(t.app);
    await subscribe(own.admin.tokens.accessToken);
    await t.database.db
      .update(companies)
      .set({ notification: false })
      .where(eq(companies.id, own.companyId));
    const result = await notify(t.database.db, {
      companyId: own.companyId,
      userIds: [own.adminUserId],
      kind: 'COMMENT',
      title: 'Новый комментарий',
      body: 'Текст',
      url: '/',
    });
    expect(result.notificationIds).toHaveLength(1);
    expect(result.pushJobs).toBe(0);
    expect(await findJobs(t.database.db, { kind: PUSH_DELIVER_JOB })).toEqual([]);
  });

  it('sends nothing for a notification read before its push went out, or removed subscriptions', async () => {
    const own = await createCompany(t.app);
    const browser = await subscribe(own.admin.tokens.accessToken);
    const first = await notify(t.database.db, {
      companyId: own.companyId,
      userIds: [own.adminUserId],
      kind: 'COMMENT',
      title: 'Прочитано в приложении',
      body: 'Текст',
      url: '/',
    });
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, first.notificationIds[0]!));
    await notify(t.database.db, {
      companyId: own.companyId,
      userIds: [own.adminUserId],
      kind: 'COMMENT',
      title: 'Подписка удалена',
      body: 'Текст',
      url: '/',
    });
    const removed = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/profile/notification-token',
      token: own.admin.tokens.accessToken,
      payload: { notificationToken: browser.token },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await runAll();
    expect(push.received).toEqual([]);
  });

  it('makes notify idempotent with a dedupe key: one row and one push per recipient', async () => {
    const own = await createCompany(t.app);
    await subscribe(own.admin.tokens.accessToken);
    const input = {
      companyId: own.companyId,
      userIds: [own.adminUserId, own.adminUserId],
      kind: 'SHIFT_START_REMINDER' as const,
      title: 'Скоро смена',
      body: 'Смена начнётся в 09:00',
      url: '/',
      dedupeKey: 'reminder:start:1:2026-11-20',
    };
    expect((await notify(t.database.db, input)).pushJobs).toBe(1);
    expect(await notify(t.database.db, input)).toEqual({ notificationIds: [], pushJobs: 0 });
    await runAll();
    expect(push.received).toHaveLength(1);
    expect(push.received[0]!.headers).toMatchObject({ topic: 'shift-start', ttl: '1800' });
  });
});

describe('POST / DELETE /profile/notification-token', () => {
  it('accepts a PushSubscription, re-assigns a browser to the latest user, refuses anything else with 422', async () => {
    const browser = push.subscribe();
    const member = await memberWithToken(t, company.companyId, 'MANAGER');
    for (const token of [adminToken, member.token]) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/profile/notification-token',
        token,
        payload: { notificationToken: browser.token, key: 'web' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const rows = await t.database.db
      .select()
      .from(notificationTokens)
      .where(eq(notificationTokens.endpoint, browser.subscription.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: member.user.id,
      companyId: company.companyId,
      p256dh: browser.subscription.keys.p256dh,
      auth: browser.subscription.keys.auth,
    });

    const bad = [
      'not json',
      JSON.stringify({ endpoint: 'https://push.example/abc' }),
      JSON.stringify({ ...browser.subscription, endpoint: 'http://10.0.0.5/push/1' }),
      JSON.stringify({ ...browser.subscription, endpoint: 'ftp://push.example/1' }),
    ];
    for (const notificationToken of bad) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/v1/profile/notification-token',
        token: adminToken,
        payload: { notificationToken, key: 'web' },
      });
      expect(response.statusCode, notificationToken).toBe(422);
      expect(response.data.message).toMatch(/[А-Яа-я]/);
    }
  });

  it("deletes the caller's own subscription; another user's or an unknown one answers 404", async () => {
    const browser = await subscribe(adminToken);
    const member = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const remove = (token: string | undefined, notificationToken: string) =>
      call(t.app, {
        method: 'DELETE',
        url: '/api/v1/profile/notification-token',
        token,
        payload: { notificationToken },
      });
    expect((await remove(undefined, browser.token)).statusCode).toBe(401);
    expect((await remove(member.token, browser.token)).statusCode).toBe(404);
    expect((await remove(adminToken, push.subscribe().token)).statusCode).toBe(404);
    expect((await remove(adminToken, browser.token)).statusCode).toBe(200);
    expect((await remove(adminToken, browser.token)).statusCode).toBe(404);
  });
});
