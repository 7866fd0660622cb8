import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MarkNotificationsReadResultSchema,
  NotificationsPageSchema,
  PushPublicKeySchema,
  TestNotificationResultSchema,
} from '@smena/contract';
import { jobs, notifications, users } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import { memberWithToken } from '../checks/checks.test-helpers.ts';
import { notify } from './notifications.service.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
});
afterAll(async () => {
  await t.close();
});

const list = (token: string | undefined, query = '') =>
  call(t.app, { method: 'GET', url: `/api/v1/notifications${query}`, token });

async function notificationsOf(userId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);
}

async function setName(userId: number, lastName: string, firstName: string, middleName = '') {
  await t.database.db
    .update(users)
    .set({ lastName, firstName, middleName })
    .where(eq(users.id, userId));
}

describe('GET /notifications, POST /notifications/read', () => {
  it("lists the caller's own notifications newest first with the unread count, and marks them read", async () => {
    const own = await createCompany(t.app);
    const other = await memberWithToken(t, own.companyId, 'MANAGER');
    const token = own.admin.tokens.accessToken;
    for (const title of ['Первое', 'Второе', 'Третье']) {
      await notify(t.database.db, {
        companyId: own.companyId,
        userIds: [own.adminUserId],
        kind: 'COMMENT',
        title,
        body: 'Текст',
        url: '/company/employees/1?tab=comments',
      });
    }
    const foreign = await notify(t.database.db, {
      companyId: own.companyId,
      userIds: [other.user.id],
      kind: 'COMMENT',
      title: 'Чужое',
      body: 'Текст',
      url: '/',
    });

    const page = NotificationsPageSchema.parse((await list(token, '?limit=2')).data);
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, limit: 2 });
    expect(page.items.map((item) => item.title)).toEqual(['Третье', 'Второе']);
    expect(page.items[0]).toMatchObject({
      kind: 'COMMENT',
      body: 'Текст',
      url: '/company/employees/1?tab=comments',
      read: false,
    });

    const firstId = page.items[1]!.id;
    const marked = await call(t.app, {
      method: 'POST',
      url: '/api/v1/notifications/read',
      token,
      // Another user's id is ignored.
      payload: { ids: [firstId, foreign.notificationIds[0]] },
    });
    expect(MarkNotificationsReadResultSchema.parse(marked.data)).toEqual({ marked: 1 });
    const unreadOnly = NotificationsPageSchema.parse((await list(token, '?unread=true')).data);
    expect(unreadOnly).toMatchObject({ total: 2, unread: 2 });
    expect(unreadOnly.items.map((item) => item.id)).not.toContain(firstId);

    const all = await call(t.app, {
      method: 'POST',
      url: '/api/v1/notifications/read',
      token,
      payload: {},
    });
    expect(all.data).toEqual({ marked: 2 });
    const noBody = await call(t.app, { method: 'POST', url: '/api/v1/notifications/read', token });
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.data).toEqual({ marked: 0 });
    expect(NotificationsPageSchema.parse((await list(token)).data)).toMatchObject({
      total: 3,
      unread: 0,
    });
    // The other user's stays unread and invisible to the admin.
    expect((await notificationsOf(other.user.id))[0]!.readAt).toBeNull();
    const theirs = NotificationsPageSchema.parse((await list(other.token)).data);
    expect(theirs.items.map((item) => item.title)).toEqual(['Чужое']);
  });

  it('answers 401 without a token and 422 for a bad body', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/v1/notifications/read'],
      ['POST', '/api/v1/notifications/test'],
      ['GET', '/api/v1/push/public-key'],
    ] as const) {
      expect((await call(t.app, { method, url, payload: {} })).statusCode).toBe(401);
    }
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/v1/notifications/read',
      token: adminToken,
      payload: { ids: [] },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("does not show another company's notifications to a member of both", async () => {
    const second = await createCompany(t.app);
    const member = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    await notify(t.database.db, {
      companyId: second.companyId,
      userIds: [member.user.id],
      kind: 'COMMENT',
      title: 'Из чужой компании',
      body: 'Текст',
      url: '/',
    });
    // Not a member of the second company: nothing is written at all.
    expect(await notificationsOf(member.user.id)).toEqual([]);
  });
});

describe('POST /notifications/test, GET /push/public-key', () => {
  it('sends «Проверка уведомлений» to the caller and answers how many subscriptions get a push', async () => {
    const employee = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/notifications/test',
      token: employee.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(TestNotificationResultSchema.parse(response.data)).toEqual({ subscriptions: 0 });
    const page = NotificationsPageSchema.parse((await list(employee.token)).data);
    expect(page.items).toMatchObject([
      { kind: 'TEST', title: 'Проверка уведомлений', read: false },
    ]);

    const key = PushPublicKeySchema.parse(
      (await call(t.app, { method: 'GET', url: '/api/v1/push/public-key', token: employee.token }))
        .data,
    );
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
  });

  it('serves the configured VAPID key when the environment sets one', async () => {
    const configured = await buildTestApp({
      VAPID_PUBLIC_KEY:
        'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
    });
    try {
      const own = await createCompany(configured.app);
      const key = await call(configured.app, {
        method: 'GET',
        url: '/api/v1/push/public-key',
        token: own.admin.tokens.accessToken,
      });
      expect(key.data.publicKey).toBe(
        'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      );
    } finally {
      await configured.close();
    }
  });
});

describe('triggers', () => {
  it("notifies the company's ADMINs and MANAGERs of an employee's comment, not the author", async () => {
    const own = await createCompany(t.app);
    const manager = await memberWithToken(t, own.companyId, 'MANAGER');
    const employee = await memberWithToken(t, own.companyId, 'EMPLOYEE');
    const colleague = await memberWithToken(t, own.companyId, 'EMPLOYEE');
    await setName(employee.user.id, 'Иванова', 'Анна', 'Петровна');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/comments',
      token: employee.token,
      payload: { date: '2026-11-20', text: 'Задержалась у клиента' },
    });
    expect(response.statusCode, response.body).toBe(201);

    for (const userId of [own.adminUserId, manager.user.id]) {
      expect(await notificationsOf(userId)).toMatchObject([
        {
          companyId: own.companyId,
          kind: 'COMMENT',
          title: 'Новый комментарий: Иванова А. П. — 2026-11-20',
          body: 'Иванова А. П.: «Задержалась у клиента»',
          url: `/company/employees/${employee.employeeId}?tab=comments`,
        },
      ]);
    }
    expect(await notificationsOf(employee.user.id)).toEqual([]);
    expect(await notificationsOf(colleague.user.id)).toEqual([]);
  });

  it("notifies the employee when a manager comments on the employee's day", async () => {
    const own = await createCompany(t.app);
    const manager = await memberWithToken(t, own.companyId, 'MANAGER');
    const employee = await memberWithToken(t, own.companyId, 'EMPLOYEE');
    await setName(manager.user.id, 'Сидоров', 'Пётр');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/comments',
      token: manager.token,
      payload: { employeeId: employee.employeeId, date: '2026-11-21', text: 'Почему опоздание?' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await notificationsOf(employee.user.id)).toMatchObject([
      { kind: 'COMMENT', body: 'Сидоров П.: «Почему опоздание?»', url: '/' },
    ]);
    expect(await notificationsOf(own.adminUserId)).toEqual([]);
    expect(await notificationsOf(manager.user.id)).toEqual([]);
  });

  it('sends no comment notification when the company disabled them', async () => {
    const own = await createCompany(t.app);
    const manager = await memberWithToken(t, own.companyId, 'MANAGER');
    const employee = await memberWithToken(t, own.companyId, 'EMPLOYEE');
    const disabled = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/update-comment-notification',
      token: own.admin.tokens.accessToken,
      payload: { disableCommentNotifications: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/comments',
      token: employee.token,
      payload: { date: '2026-11-20', text: 'Никто не узнает' },
    });
    expect(response.statusCode).toBe(201);
    expect(await notificationsOf(own.adminUserId)).toEqual([]);
    expect(await notificationsOf(manager.user.id)).toEqual([]);
  });

  it('notifies ADMINs and MANAGERs of a day-off request, with the push jobs in the same commit', async () => {
    const own = await createCompany(t.app);
    const manager = await memberWithToken(t, own.companyId, 'MANAGER');
    const employee = await memberWithToken(t, own.companyId, 'EMPLOYEE');
    await setName(employee.user.id, 'Иванова', 'Анна');
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/weekends/request',
      token: employee.token,
      payload: {
        type: 'VACATION',
        from: '2026-12-01',
        to: '2026-12-14',
        comment: 'Семейная поездка',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    for (const userId of [own.adminUserId, manager.user.id]) {
      expect(await notificationsOf(userId)).toMatchObject([
        {
          kind: 'DAY_OFF_REQUESTED',
          title: 'Запрос отсутствия: Иванова А.',
          body: 'Отпуск, 2026-12-01 — 2026-12-14: «Семейная поездка»',
          url: '/company/work-structures/weekends',
        },
      ]);
    }
    expect(await notificationsOf(employee.user.id)).toEqual([]);

    // A refused request (overlapping the first) notifies nobody.
    const overlapping = await call(t.app, {
      method: 'POST',
      url: '/api/v1/weekends/request',
      token: employee.token,
      payload: { type: 'SICKLEAVE', from: '2026-12-05', to: '2026-12-06' },
    });
    expect(overlapping.statusCode).toBe(409);
    expect(await notificationsOf(manager.user.id)).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'push.deliver'))),
    ).toEqual([]);
  });
});
