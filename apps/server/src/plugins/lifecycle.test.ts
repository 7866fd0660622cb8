import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@smena/contract';
import { buildTestApp, call, type TestApp } from '../../test/build-test-app.ts';
import { createCompany } from '../../test/factories.ts';
import { createLifecycle } from './lifecycle.ts';

const lifecycle = createLifecycle();
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({}, { lifecycle });
  token = (await createCompany(t.app)).admin.tokens.accessToken;
});
afterAll(async () => {
  lifecycle.phase = 'serving';
  await t.close();
});

describe('a rolling restart', () => {
  it('serving: ready, connections kept', async () => {
    lifecycle.phase = 'serving';
    const ready = await call(t.app, { method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers.connection).not.toBe('close');
  });

  it('draining: not ready, yet every request is served as usual, connections kept', async () => {
    lifecycle.phase = 'draining';
    const ready = await call(t.app, { method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ErrorResponseSchema.parse(ready.data).code).toBe('SERVICE_UNAVAILABLE');
    const profile = await call(t.app, { method: 'GET', url: '/api/v1/profile', token });
    expect(profile.statusCode).toBe(200);
    // Closing each connection would make a proxy open one per request (see lifecycle.ts).
    expect(profile.headers.connection).not.toBe('close');
  });

  it('closing: a late request on an open connection is still served, and closes it', async () => {
    lifecycle.phase = 'closing';
    const late = await call(t.app, { method: 'POST', url: '/api/v1/profile/employee', token });
    expect(late.statusCode).not.toBe(503);
    const profile = await call(t.app, { method: 'GET', url: '/api/v1/profile', token });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers.connection).toBe('close');
    const ready = await call(t.app, { method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ErrorResponseSchema.parse(ready.data)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Сервис временно недоступен. Повторите через несколько секунд',
    });
    expect(ready.headers['retry-after']).toBe('5');
  });
});
