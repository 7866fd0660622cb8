/**
 * `npm run bench` (last part): the pages as a user on a phone feels them. Chromium (Debian's, or
 * CHROMIUM_PATH) with Lighthouse's mobile profile — 1.6 Mbit/s down, 750 kbit/s up, 150 ms of
 * latency per request (CDP Network.emulateNetworkConditions), the CPU slowed down 4× (CDP
 * Emulation.setCPUThrottlingRate), a 390×844 mobile viewport — opens /login and four company
 * pages of a demo company of 200, then of 1,000 employees, each cold (a new browser context, so
 * an empty cache and new connections) three times, and prints per page the median time from
 * navigation start until its main content is visible, the first contentful paint, and the bytes
 * and requests of the load. Signed-in pages get their tokens from POST /auth/login put where the
 * SPA keeps them (as e2e's signInWithTokens does), so the login form is not in their navigation.
 *
 * It builds nothing: it runs the built app (`npm run build`: apps/web/dist and
 * apps/server/dist/server.js) as its own process, on a PGlite data directory under a temporary
 * folder, or on a temporary PostgreSQL database when BENCH_DATABASE_URL is set, both removed at
 * the end. Not a test: the targets (/login ≤ 2 s; the others ≤ 3 s at 200 employees, ≤ 4 s at
 * 1,000) are reported, not asserted; a load that has not shown its content after 30 s is reported
 * as a timeout.
 *
 *   node --import tsx bench/browser.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { addDays, localDateOf } from '@smena/time';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDemoCompany } from '../src/db/demo/seed-demo.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { openBenchDatabase } from './bench-database.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');
const SERVER_BUNDLE = join(ROOT, 'apps/server/dist/server.js');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Knobs for tuning one page at a time (defaults: the full run): BENCH_SIZES=200,
 * BENCH_PAGES=/login (substrings of the paths), BENCH_RUNS=1, BENCH_CPU=1 (no CPU slowdown),
 * BENCH_NETWORK=off (no network throttling).
 */
const SIZES = (process.env.BENCH_SIZES ?? '200,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGE_FILTER = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
/** A load whose content is not visible by then is reported as a timeout. */
const LOAD_TIMEOUT_MS = 30_000;
/** After the content is visible, the load's bytes are counted until the network is quiet this long… */
const QUIET_MS = 1_000;
/** …or at most this long. */
const SETTLE_CAP_MS = 10_000;
const SERVER_READY_MS = 60_000;
const DEMO_PASSWORD = 'bench-demo-password';
const SUPERADMIN = { email: 'bench-super@example.ru', password: 'bench-super-password' };
const JWT_SECRET = 'bench-browser-jwt-secret-that-is-long-enough-for-hs256';
const COMPANY_ZONE = 'Europe/Moscow';

/**
 * Lighthouse's mobile profile (its «slow 4G», a mid-range phone): throughput in bytes per second.
 * CDP adds the latency once per request; Lighthouse's own DevTools throttling multiplies the RTT
 * by 3.75 to make up for the handshakes that loopback does not have — this bench keeps the 150 ms
 * of the issue, so its figures are the milder of the two.
 */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 4);
const THROTTLE_NETWORK = process.env.BENCH_NETWORK !== 'off';
/** iPhone 12–15's CSS viewport; Lighthouse's device pixel ratio (software raster is the CPU's). */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

type PageSpec = {
  path: string;
  /** What the table calls it. */
  label: string;
  /** CSS of the page's main content; the first visible match ends the measurement. */
  ready: string;
  signedIn: boolean;
  targetMs: (employees: number) => number;
};

const signedInTarget = (employees: number) => (employees <= 200 ? 3000 : 4000);

function pages(): PageSpec[] {
  // The checks of a whole day: today's list is short early in the morning and empty at midnight.
  const yesterday = addDays(localDateOf(Date.now(), COMPANY_ZONE), -1);
  return [
    {
      path: '/login',
      label: '/login',
      ready: 'form button[type="submit"]',
      signedIn: false,
      targetMs: () => 2000,
    },
    {
      path: '/company/dashboard',
      label: '/company/dashboard',
      // The KPI cards («На месте», «Опоздали», …).
      ready: '.smena-dashboard-card',
      signedIn: true,
      targetMs: signedInTarget,
    },
    {
      path: '/company/calendar',
      label: '/company/calendar',
      // The first employee row of the grid (the header row is outside the body).
      ready: '.smena-cal__body .smena-cal__row',
      signedIn: true,
      targetMs: signedInTarget,
    },
    {
      path: '/company/reports/report-card',
      label: '/company/reports/report-card',
      ready: '.smena-tab__body .smena-tab__row',
      signedIn: true,
      targetMs: signedInTarget,
    },
    {
      path: `/company/checks?from=${yesterday}&to=${yesterday}`,
      label: '/company/checks (yesterday)',
      // Cards on a phone, table rows on a wide screen.
      ready: '.smena-checks-cards > li, .smena-checks-table tbody tr.ant-table-row',
      signedIn: true,
      targetMs: signedInTarget,
    },
  ];
}

// ------------------------------------------------------------------ preconditions

function fail(message: string): never {
  process.stderr.write(`bench/browser.ts: ${message}\n`);
  process.exit(1);
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

if (!existsSync(WEB_INDEX) || !existsSync(SERVER_BUNDLE))
  fail(
    `the built app is missing (${existsSync(WEB_INDEX) ? '' : 'apps/web/dist/index.html '}` +
      `${existsSync(SERVER_BUNDLE) ? '' : 'apps/server/dist/server.js'}); run \`npm run build\` first.`,
  );
if (!existsSync(CHROMIUM))
  fail(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
// Figures of a stale build mislead: say so, but measure what is there.
const staleWeb = newestMtime(join(ROOT, 'apps/web/src')) > statSync(WEB_INDEX).mtimeMs;
const staleServer = newestMtime(join(ROOT, 'apps/server/src')) > statSync(SERVER_BUNDLE).mtimeMs;
if (staleWeb || staleServer)
  console.warn(
    `warning: ${[staleWeb && 'apps/web/src', staleServer && 'apps/server/src'].filter(Boolean).join(' and ')} ` +
      'changed after the last build; `npm run build` to measure the current code.',
  );

// ------------------------------------------------------------------ the server

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

type RunningServer = { child: ChildProcess; baseUrl: string; log: () => string };

async function startServer(dataDir: string, databaseUrl: string | null): Promise<RunningServer> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      JWT_SECRET,
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SMS_PROVIDER: 'outbox',
      SMS_OUTBOX_FILE: join(dataDir, 'sms-outbox.jsonl'),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(ROOT, 'apps/web/dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const server = { child, baseUrl: `http://127.0.0.1:${port}`, log: () => log };
  const deadline = Date.now() + SERVER_READY_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/ready`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stopServer(server);
  throw new Error(`the server was not ready after ${SERVER_READY_MS / 1000} s:\n${log}`);
}

/** SIGTERM to the server's PID; SIGKILL when it has not exited 15 s later. */
async function stopServer({ child }: RunningServer): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

// ------------------------------------------------------------------ the browser

/**
 * Notes, in the page, the first animation frame in which `selector` matches a rendered element
 * (a box, not visibility:hidden), as milliseconds since the navigation started (performance.now()
 * of the document). A string: the server's TypeScript has no DOM types.
 */
const readyRecorder = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  let scheduled = false;
  const shown = () => {
    for (const element of document.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden')
        return true;
    }
    return false;
  };
  const check = () => {
    scheduled = false;
    if (window.__benchReady === undefined && shown()) {
      window.__benchReady = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class', 'style', 'hidden'],
  });
})();`;

type Load = {
  /** Navigation start → content visible, ms; null: not visible within LOAD_TIMEOUT_MS. */
  visibleMs: number | null;
  fcpMs: number | null;
  bytes: number;
  requests: number;
  /** Of those, the API's (/api/…); the rest is the app's HTML, scripts, styles, fonts, icons. */
  apiBytes: number;
  apiRequests: number;
  errors: string[];
};

async function signIn(
  baseUrl: string,
  email: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { accessToken?: string; refreshToken?: string };
  if (!response.ok || !body.accessToken || !body.refreshToken)
    throw new Error(`login of ${email}: ${response.status} ${JSON.stringify(body)}`);
  return { accessToken: body.accessToken, refreshToken: body.refreshToken };
}

async function coldLoad(
  browser: Browser,
  baseUrl: string,
  spec: PageSpec,
  adminEmail: string,
): Promise<Load> {
  const context: BrowserContext = await browser.newContext({
    ...PHONE,
    baseURL: baseUrl,
    locale: 'ru-RU',
    timezoneId: COMPANY_ZONE,
  });
  try {
    await context.addInitScript({ content: readyRecorder(spec.ready) });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    if (spec.signedIn) {
      // As the login form leaves them, from a same-origin document outside the SPA.
      const tokens = await signIn(baseUrl, adminEmail);
      await page.goto('/api/health');
      await page.evaluate(
        `localStorage.setItem('access', ${JSON.stringify(tokens.accessToken)});` +
          `localStorage.setItem('refresh', ${JSON.stringify(tokens.refreshToken)});`,
      );
    }

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (THROTTLE_NETWORK) await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Counted from here: the measured navigation and whatever it asks for.
    let bytes = 0;
    let requests = 0;
    let apiBytes = 0;
    let apiRequests = 0;
    const inFlight = new Set<string>();
    const apiIds = new Set<string>();
    let lastActivity = performance.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      lastActivity = performance.now();
      if (!/^https?:/.test(event.request.url)) return;
      // A redirect reuses the request id: one more request, still in flight.
      requests += 1;
      inFlight.add(event.requestId);
      if (new URL(event.request.url).pathname.startsWith('/api/')) {
        apiRequests += 1;
        apiIds.add(event.requestId);
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      lastActivity = performance.now();
      if (!inFlight.delete(event.requestId)) return;
      bytes += event.encodedDataLength;
      if (apiIds.has(event.requestId)) apiBytes += event.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (event) => {
      lastActivity = performance.now();
      inFlight.delete(event.requestId);
    });

    const started = performance.now();
    let visibleMs: number | null = null;
    try {
      await page.goto(spec.path, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
      const left = () => Math.max(1, LOAD_TIMEOUT_MS - (performance.now() - started));
      await page.locator(spec.ready).first().waitFor({ state: 'visible', timeout: left() });
      // The in-page frame time; Playwright may see the element a moment before that frame runs.
      await page.waitForFunction('window.__benchReady !== undefined', undefined, {
        timeout: left(),
        polling: 50,
      });
      visibleMs = Number(await page.evaluate('window.__benchReady'));
      if (visibleMs > LOAD_TIMEOUT_MS) visibleMs = null;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    }

    // The rest of the load (requests still running when the content showed): until the network
    // has been quiet for QUIET_MS, at most SETTLE_CAP_MS more.
    const settleBy = performance.now() + SETTLE_CAP_MS;
    while (performance.now() < settleBy) {
      if (inFlight.size === 0 && performance.now() - lastActivity >= QUIET_MS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const fcp = await page
      .evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null`)
      .catch(() => null);
    return {
      visibleMs,
      fcpMs: typeof fcp === 'number' ? fcp : null,
      bytes,
      requests,
      apiBytes,
      apiRequests,
      errors,
    };
  } finally {
    await context.close();
  }
}

// ------------------------------------------------------------------ the data

type Prepared = {
  dataDir: string;
  databaseUrl: string | null;
  adminEmail: string;
  label: string;
  seedSeconds: number;
  cleanup: () => Promise<void>;
};

/** A demo company of `employees` in a fresh database: PGlite under a temporary folder, or PostgreSQL. */
async function prepareData(employees: number, tempRoot: string): Promise<Prepared> {
  const dataDir = join(tempRoot, `data-${employees}`);
  let database: Database;
  let databaseUrl: string | null = null;
  let label: string;
  let drop: () => Promise<void>;
  if (process.env.BENCH_DATABASE_URL) {
    const opened = await openBenchDatabase();
    database = opened.database;
    databaseUrl = opened.url;
    label = opened.label;
    drop = opened.drop;
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir });
    label = `PGlite (${dataDir})`;
    drop = async () => {};
  }
  try {
    const started = performance.now();
    await prepareDatabase(database, SUPERADMIN);
    const demo = await seedDemoCompany(database.db, {
      employees,
      months: 1,
      password: DEMO_PASSWORD,
    });
    const seedSeconds = (performance.now() - started) / 1000;
    // PGlite is one process's: the server opens the folder once this one has let go of it.
    // (PostgreSQL's pool stays open, idle, until `drop` closes it and drops the database.)
    if (database.kind === 'pglite') await database.close();
    return {
      dataDir,
      databaseUrl,
      adminEmail: demo.adminEmail,
      label,
      seedSeconds,
      cleanup: async () => {
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (databaseUrl) await drop().catch(() => {});
    else await database.close().catch(() => {});
    throw error;
  }
}

// ------------------------------------------------------------------ the report

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number | null) => (ms === null ? 'timeout' : `${(ms / 1000).toFixed(2)} s`);

function printTable(employees: number, rows: { spec: PageSpec; loads: Load[] }[]): void {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const columns = (cells: string[]) =>
    [
      cells[0]!.padEnd(30),
      cells[1]!.padStart(8),
      cells[2]!.padStart(8),
      cells[3]!.padEnd(8),
      cells[4]!.padStart(7),
      cells[5]!.padStart(9),
      cells[6]!.padStart(8),
      cells[7]!.padStart(5),
      cells[8]!.padStart(5),
      ` ${cells[9]!}`,
    ].join(' ');
  const header = columns([
    'page',
    'visible',
    'target',
    '',
    'FCP',
    'bytes',
    'of API',
    'reqs',
    'API',
    'runs (visible, s)',
  ]);
  console.info(`\n${employees} employees — median of ${RUNS} cold loads`);
  console.info(header);
  console.info('-'.repeat(header.length));
  const errors: string[] = [];
  for (const { spec, loads } of rows) {
    // A timeout sorts last: the median is a timeout when most loads timed out.
    const visible = median(loads.map((load) => load.visibleMs ?? Infinity));
    const visibleMs = Number.isFinite(visible) ? visible : null;
    const fcps = loads.flatMap((load) => (load.fcpMs === null ? [] : [load.fcpMs]));
    const target = spec.targetMs(employees);
    const of = (pick: (load: Load) => number) => median(loads.map(pick));
    console.info(
      columns([
        spec.label,
        seconds(visibleMs),
        `≤ ${target / 1000} s`,
        visibleMs !== null && visibleMs <= target ? 'met' : 'NOT met',
        fcps.length ? seconds(median(fcps)) : '—',
        kib(of((load) => load.bytes)),
        kib(of((load) => load.apiBytes)),
        String(of((load) => load.requests)),
        String(of((load) => load.apiRequests)),
        loads.map((load) => seconds(load.visibleMs).replace(' s', '')).join(' / '),
      ]),
    );
    for (const load of loads)
      for (const error of load.errors) errors.push(`${spec.label}: ${error}`);
  }
  for (const error of [...new Set(errors)]) console.info(`  uncaught error in the page — ${error}`);
}

// ------------------------------------------------------------------ the run

const tempRoot = mkdtempSync(join(tmpdir(), 'smena-bench-browser-'));
let server: RunningServer | null = null;
let browser: Browser | null = null;
let prepared: Prepared | null = null;
const cleanUp = async () => {
  await browser?.close().catch(() => {});
  if (server) await stopServer(server);
  await prepared?.cleanup().catch(() => {});
  rmSync(tempRoot, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });

try {
  console.info(
    `\nPages on a phone — Chromium ${CHROMIUM}, ${PHONE.viewport.width}×${PHONE.viewport.height} ` +
      `mobile (DPR ${PHONE.deviceScaleFactor}), CPU ÷${CPU_SLOWDOWN}, ` +
      `${((NETWORK.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s down, ` +
      `${((NETWORK.uploadThroughput * 8) / 1024).toFixed(0)} kbit/s up, ${NETWORK.latency} ms latency; ` +
      `cold loads (new context, empty cache); visible = navigation start → main content shown`,
  );
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  for (const employees of SIZES) {
    prepared = await prepareData(employees, tempRoot);
    console.info(
      `\nDemo company of ${employees} employees (1 month of checks) seeded in ` +
        `${prepared.seedSeconds.toFixed(1)} s — ${prepared.label}`,
    );
    server = await startServer(prepared.dataDir, prepared.databaseUrl);
    const rows: { spec: PageSpec; loads: Load[] }[] = [];
    const chosen = pages().filter(
      (spec) => PAGE_FILTER.length === 0 || PAGE_FILTER.some((part) => spec.path.includes(part)),
    );
    for (const spec of chosen) {
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++)
        loads.push(await coldLoad(browser, server.baseUrl, spec, prepared.adminEmail));
      rows.push({ spec, loads });
    }
    await stopServer(server);
    server = null;
    printTable(employees, rows);
    await prepared.cleanup();
    prepared = null;
  }
} finally {
  await cleanUp();
}
