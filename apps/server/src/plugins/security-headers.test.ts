import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { buildTestApp, call, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, type TestCompany } from '../../test/factories.ts';

let t: TestApp;
let company: TestCompany;
let withWeb: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  // The same app serving a built SPA: index.html and one hashed asset.
  webRoot = mkdtempSync(join(tmpdir(), 'smena-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Смена</title>');
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  withWeb = await buildApp({
    env: t.env,
    database: t.database,
    sms: { send: async () => {} },
    webRoot,
  });
  await withWeb.ready();
});

afterAll(async () => {
  await withWeb?.close();
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function expectPermissionsPolicy(headers: Record<string, unknown>) {
  const policy = String(headers['permissions-policy'] ?? '');
  const features = new Map(
    policy.split(',').map((entry) => {
      const [name, allow] = entry.trim().split('=');
      return [name, allow] as const;
    }),
  );
  // Location and the camera for the app's own pages, no other origin or frame.
  expect(features.get('geolocation')).toBe('(self)');
  expect(features.get('camera')).toBe('(self)');
  for (const off of ['microphone', 'usb', 'serial', 'hid', 'display-capture']) {
    expect(features.get(off), off).toBe('()');
  }
}

describe('Cache-Control on API answers', () => {
  it('is no-store on an authenticated answer', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: company.admin.tokens.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on refusals and on the token endpoints', async () => {
    const refused = await call(t.app, { method: 'GET', url: '/api/v1/profile' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const refreshed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: company.admin.tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    company.admin.tokens = refreshed.data;
    const missing = await call(t.app, { method: 'GET', url: '/api/v1/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching a route chose itself (GET /config)', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('Permissions-Policy', () => {
  it('is sent with API answers', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/profile',
      token: company.admin.tokens.accessToken,
    });
    expectPermissionsPolicy(response.headers);
    expectPermissionsPolicy((await call(t.app, { method: 'GET', url: '/api/health' })).headers);
  });

  it('is sent with the SPA: index.html, client routes and assets', async () => {
    const index = await withWeb.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expectPermissionsPolicy(index.headers);
    expect(index.headers['cache-control']).toBe('no-cache');

    const route = await withWeb.inject({ method: 'GET', url: '/company/employees' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('Смена');
    expectPermissionsPolicy(route.headers);
    expect(route.headers['cache-control']).toBe('no-cache');

    const asset = await withWeb.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expectPermissionsPolicy(asset.headers);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
