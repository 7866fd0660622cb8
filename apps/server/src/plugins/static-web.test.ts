import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { ICONS, IMMUTABLE, REVALIDATE, staticCacheControl } from './static-web.ts';

let t: TestApp;
let web: FastifyInstance;
let webRoot: string;

const INDEX = `<!doctype html><title>Смена</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};`;
const WORKER = `self.addEventListener('push', () => {});\n${'// a comment that repeats\n'.repeat(80)}`;

/** A built SPA as the web build leaves it: the text files with their .br and .gz beside them. */
function writeBuild(root: string) {
  mkdirSync(join(root, 'assets'));
  const write = (name: string, text: string, precompressed: boolean) => {
    writeFileSync(join(root, name), text);
    if (!precompressed) return;
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text));
  };
  write('index.html', INDEX, true);
  write('assets/index-abc123.js', SCRIPT, true);
  write('assets/index-abc123.css', 'body{margin:0}', false);
  // Not precompressed: such a file must not be compressed per request either.
  write('sw.js', WORKER, false);
  write('version.json', '{"buildId":"x"}\n', false);
  write('manifest.webmanifest', '{"name":"Смена"}', false);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
}

beforeAll(async () => {
  t = await buildTestApp();
  webRoot = mkdtempSync(join(tmpdir(), 'smena-web-'));
  writeBuild(webRoot);
  web = await buildApp({
    env: t.env,
    database: t.database,
    sms: { send: async () => {} },
    webRoot,
  });
  await web.ready();
});

afterAll(async () => {
  await web?.close();
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return web.inject({ method: 'GET', url, headers });
}

describe('hashed assets', () => {
  it('are cached for a year, immutable, and sent as the build compressed them', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    expect(br.headers['etag']).toBeTruthy();
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(SCRIPT);

    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(plain.headers['vary'])).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('without a compressed copy go out as they are', async () => {
    const css = await get('/assets/index-abc123.css', { 'accept-encoding': 'br, gzip' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
    expect(css.body).toBe('body{margin:0}');
  });

  it('have no URLs of their compressed copies', async () => {
    const response = await get('/assets/index-abc123.js.br');
    // Not the brotli bytes: an unknown non-API path is a client route of the SPA.
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX);
  });
});

describe('index.html', () => {
  it('is revalidated on every use (no-cache with an ETag) and sent compressed', async () => {
    for (const url of ['/', '/index.html', '/company/employees']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(String(response.headers['vary']), url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString('utf8'), url).toBe(INDEX);
      const etag = String(response.headers['etag']);
      expect(etag, url).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
    }
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(REVALIDATE);
    expect(plain.body).toBe(INDEX);
  });
});

describe('other files of the build', () => {
  it('the service worker, version.json and the manifest are revalidated, never immutable', async () => {
    for (const url of ['/sw.js', '/version.json', '/manifest.webmanifest']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(response.headers['etag'], url).toBeTruthy();
    }
  });

  it('icons are cached for a day', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(ICONS);
  });

  it('are not compressed per request: only copies the build made are sent encoded', async () => {
    const response = await get('/sw.js', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(WORKER);
  });
});

describe('staticCacheControl', () => {
  it('goes by the file the compressed copy stands for', () => {
    expect(staticCacheControl('assets/index-abc123.js.br')).toBe(IMMUTABLE);
    expect(staticCacheControl('assets/index-abc123.css.gz')).toBe(IMMUTABLE);
    expect(staticCacheControl('index.html.br')).toBe(REVALIDATE);
    expect(staticCacheControl('sw.js.gz')).toBe(REVALIDATE);
    expect(staticCacheControl('icon-192.png')).toBe(ICONS);
  });
});
