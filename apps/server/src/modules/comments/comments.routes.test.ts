import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentSchema, CommentsPageSchema } from '@smena/contract';
import { buildTestApp, call, type TestApp } from '../../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../../test/factories.ts';
import {
  createApiKey,
  createBranch,
  memberWithToken,
  minutesAgo,
} from '../checks/checks.test-helpers.ts';
import { createCommentsService } from './comments.service.ts';

let t: TestApp;
let company: TestCompany;
let adminToken: string;
let branchId: number;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  adminToken = company.admin.tokens.accessToken;
  branchId = (await createBranch(t, adminToken)).id;
});
afterAll(async () => {
  await t.close();
});

const post = (token: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/v1/comments', token, payload });
const list = async (token: string, query = '') => {
  const response = await call(t.app, { method: 'GET', url: `/api/v1/comments?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return CommentsPageSchema.parse(response.data);
};

async function checkOf(employeeId: number) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/checks/create',
    token: adminToken,
    payload: {
      employeeId,
      branchId,
      checkInDateTime: minutesAgo(600),
      checkOutDateTime: minutesAgo(100),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.data as { id: number; checkInDateTime: string };
}

describe('comments', () => {
  it('lets an employee comment on their own check and day, a manager on anyone’s', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const manager = await memberWithToken(t, company.companyId, 'MANAGER');
    const check = await checkOf(me.employeeId);

    const onCheck = await post(me.token, { checkId: check.id, text: '  Задержался у клиента  ' });
    expect(onCheck.statusCode, onCheck.body).toBe(201);
    const comment = CommentSchema.parse(onCheck.data);
    expect(comment).toMatchObject({
      employeeId: me.employeeId,
      checkId: check.id,
      authorId: me.employeeId,
      text: 'Задержался у клиента',
      read: true,
    });
    expect(comment.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const onDay = await post(me.token, { date: '2026-11-02', text: 'Был у врача' });
    expect(onDay.statusCode).toBe(201);
    expect(onDay.data).toMatchObject({
      employeeId: me.employeeId,
      date: '2026-11-02',
      checkId: null,
    });

    const byManager = await post(manager.token, {
      employeeId: me.employeeId,
      date: '2026-11-02',
      text: 'Принято',
    });
    expect(byManager.statusCode).toBe(201);
    expect(byManager.data.authorId).toBe(manager.employeeId);
  });

  it('refuses an employee others’ checks and days', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const other = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const theirs = await checkOf(other.employeeId);
    expect((await post(me.token, { checkId: theirs.id, text: 'Чужая' })).statusCode).toBe(404);
    expect(
      (await post(me.token, { employeeId: other.employeeId, date: '2026-11-02', text: 'Чужой' }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 422 with the field for bad bodies', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    for (const [payload, field] of [
      [{ text: 'Без дня' }, 'date'],
      [{ date: '2026-02-30', text: 'Нет такой даты' }, 'date'],
      [{ date: '2026-11-02', text: '   ' }, 'text'],
      [{ date: '2026-11-02', text: 'x'.repeat(2001) }, 'text'],
      [{ date: '2026-11-02', text: 'Ок', authorId: 1 }, 'body'],
    ] as const) {
      const response = await post(me.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (field !== 'body') {
        expect(response.data.details.map((d: { field: string }) => d.field)).toContain(field);
      }
    }
  });

  it('lists with filters and pages; an employee sees their own only; unread per reader', async () => {
    const own = await createCompany(t.app);
    const token = own.admin.tokens.accessToken;
    const alice = await memberWithToken(t, own.companyId, 'EMPLOYEE');
    const bob = await memberWithToken(t, own.companyId, 'EMPLOYEE');
    const a1 = (await post(alice.token, { date: '2026-11-02', text: 'Первый' })).data;
    const a2 = (await post(alice.token, { date: '2026-11-05', text: 'Второй' })).data;
    const b1 = (await post(bob.token, { date: '2026-11-03', text: 'Третий' })).data;

    expect((await list(token)).items.map((item) => item.id)).toEqual([b1.id, a2.id, a1.id]);
    expect(
      (await list(token, 'from=2026-11-03&to=2026-11-04')).items.map((item) => item.id),
    ).toEqual([b1.id]);
    expect((await list(token, `employeeId=${alice.employeeId}`)).total).toBe(2);
    expect(await list(token, 'page=2&limit=2')).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(
      (await list(alice.token, `employeeId=${bob.employeeId}`)).items.map((item) => item.id),
    ).toEqual([a2.id, a1.id]);

    expect((await list(token, 'unread=true')).total).toBe(3);
    const marked = await call(t.app, {
      method: 'POST',
      url: '/api/v1/comments/read',
      token,
      payload: { ids: [a1.id, b1.id, a1.id] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.data).toEqual({ marked: 2 });
    expect((await list(token, 'unread=true')).items.map((item) => item.id)).toEqual([a2.id]);
    expect((await list(token, 'unread=false')).total).toBe(2);
    // Read marks are per reader: Alice's own comments are read for her, Bob's are not hers.
    expect((await list(alice.token, 'unread=true')).total).toBe(0);
    const aliceMarksBob = await call(t.app, {
      method: 'POST',
      url: '/api/v1/comments/read',
      token: alice.token,
      payload: { ids: [b1.id] },
    });
    expect(aliceMarksBob.data).toEqual({ marked: 0 });
  });

  it('skips another company’s comments and 401s/403s outsiders', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const mine = (await post(me.token, { date: '2026-11-02', text: 'Мой' })).data;
    const stranger = await createCompany(t.app);
    const strangerToken = stranger.admin.tokens.accessToken;
    expect((await list(strangerToken)).total).toBe(0);
    const marked = await call(t.app, {
      method: 'POST',
      url: '/api/v1/comments/read',
      token: strangerToken,
      payload: { ids: [mine.id] },
    });
    expect(marked.data).toEqual({ marked: 0 });
    const onForeign = await post(strangerToken, {
      employeeId: me.employeeId,
      date: '2026-11-02',
      text: 'Х',
    });
    expect(onForeign.statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/comments' })).statusCode).toBe(401);
    const key = await createApiKey(t, adminToken);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/comments', token: key.secret })).statusCode,
    ).toBe(403);
  });

  it('calls the onCommentCreated hook, and a failing hook does not fail the comment', async () => {
    const me = await memberWithToken(t, company.companyId, 'EMPLOYEE');
    const seen: number[] = [];
    const service = createCommentsService({
      db: t.database.db,
      onCommentCreated: (comment) => {
        seen.push(comment.id);
        throw new Error('push is down');
      },
      log: { error: () => {} },
    });
    const auth = {
      userId: me.user.id,
      sessionId: 's',
      companyId: company.companyId,
      employeeId: me.employeeId,
      role: 'EMPLOYEE' as const,
      impersonatorId: null,
      scope: { kind: 'SELF' as const, employeeId: me.employeeId },
    };
    const comment = await service.createComment(auth, { date: '2026-11-02', text: 'Хук' });
    expect(seen).toEqual([comment.id]);
  });
});
