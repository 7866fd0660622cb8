import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { addMember, createCompany, type TestCompany } from '../../test/factories.ts';
import { COMPRESSION_THRESHOLD, isCompressible } from './compression.ts';

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.app);
  // Enough people for the employees list to be a few kilobytes of JSON.
  for (let index = 0; index < 12; index++) {
    await addMember(t.database.db, company.companyId, 'EMPLOYEE', {
      lastName: `Сотрудник${index}`,
    });
  }
});

afterAll(async () => {
  await t?.close();
});

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${company.admin.tokens.accessToken}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });
}

describe('API answers', () => {
  it('are sent as they are to a client that asks for no encoding', async () => {
    const response = await get('/api/v1/employees?limit=100');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(response.json().items.length).toBeGreaterThanOrEqual(13);
    const identity = await get('/api/v1/employees?limit=100', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(response.body);
  });

  it('are compressed with brotli above the threshold, keeping no-store', async () => {
    const plain = await get('/api/v1/employees?limit=100');
    const response = await get('/api/v1/employees?limit=100', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('are compressed with gzip for a client without brotli', async () => {
    const plain = await get('/api/v1/employees?limit=100');
    const response = await get('/api/v1/employees?limit=100', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('are not compressed below the threshold', async () => {
    const response = await get('/api/v1/profile', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().id).toBe(company.adminUserId);
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();
  });

  it('the OpenAPI document is compressed too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')).openapi).toBeTruthy();
  });

  it('an xlsx export streams as it is (a zip already) and opens', async () => {
    const response = await get('/api/v1/employees/export?status=ALL', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    // Streamed: no length known up front.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    // The header row, the admin and the twelve members.
    expect(workbook.worksheets[0]!.rowCount).toBe(14);
  });
});

describe('compressible types', () => {
  it('are JSON, text, JavaScript and XML, not event streams, xlsx or images', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html; charset=utf-8',
      'text/css',
      'application/javascript; charset=utf-8',
      'text/javascript',
      'image/svg+xml',
    ]) {
      expect(isCompressible(type), type).toBe(true);
    }
    for (const type of [
      'text/event-stream',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/octet-stream',
      'application/zip',
      'image/png',
    ]) {
      expect(isCompressible(type), type).toBe(false);
    }
  });
});
