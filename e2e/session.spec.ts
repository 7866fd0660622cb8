import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD } from './support/constants.ts';
import { seedCompany, signInWithTokens, type TestPage, usePages } from './support/browser.ts';
import { expiredCopyOf } from './support/tokens.ts';

/**
 * The SPA keeps a valid session: a refresh answered 429 or 503 is waited out and repeated, never
 * taken for a refused session, and two tabs that refresh together do not revoke their session.
 */

const REFRESH_URL = '**/api/v1/auth/refresh';
const INDICATOR_TEXT = 'Нет связи с сервером — повторяем…';

const pages = usePages();
let current: TestPage | undefined;

type Pair = { accessToken: string; refreshToken: string };

/** A same-origin document outside the SPA, to write localStorage without running the app. */
const STORAGE_PAGE = '/api/health';

async function storePair(page: Page, pair: Pair): Promise<void> {
  await page.evaluate((tokens) => {
    localStorage.setItem('access', tokens.accessToken);
    localStorage.setItem('refresh', tokens.refreshToken);
  }, pair);
}

async function readPair(page: Page): Promise<{ access: string | null; refresh: string | null }> {
  return page.evaluate(() => ({
    access: localStorage.getItem('access'),
    refresh: localStorage.getItem('refresh'),
  }));
}

/** Every URL the tab's main frame showed, so that a detour through /login cannot go unseen. */
function trackLocations(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

/** Times of the refresh requests the tab sent (answered by the server or by a route). */
function trackRefreshes(page: Page | BrowserContext): number[] {
  const times: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/auth/refresh')) times.push(Date.now());
  });
  return times;
}

const employeesHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Сотрудники', level: 1 });

/** Waits until the tab shows its page or has been sent to /login, whichever comes first. */
function settled(page: Page): Promise<unknown> {
  const shown = employeesHeading(page).waitFor();
  const loggedOut = page.waitForURL('**/login**');
  // The loser rejects when the tab closes; that is expected and must not surface.
  shown.catch(() => undefined);
  loggedOut.catch(() => undefined);
  return Promise.race([shown, loggedOut]);
}

/** A company admin whose access token has expired: the first API call of the page refreshes. */
async function openWithExpiredAccess() {
  const company = await seedCompany(E2E_PASSWORD);
  current = await pages.open();
  const { page } = current;
  await page.goto(STORAGE_PAGE);
  const expired = await expiredCopyOf(company.tokens.accessToken);
  await storePair(page, { accessToken: expired, refreshToken: company.tokens.refreshToken });
  return { page, expired, refreshToken: company.tokens.refreshToken };
}

describe('a refresh the server cannot answer now', () => {
  it('waits out a 429 with Retry-After and stays on the page', async () => {
    const { page, expired, refreshToken } = await openWithExpiredAccess();
    const refreshes = trackRefreshes(page);
    await page.route(
      REFRESH_URL,
      (route) =>
        route.fulfill({
          status: 429,
          headers: { 'Retry-After': '2' },
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: 'Слишком много запросов. Подождите немного и попробуйте снова.',
          }),
        }),
      { times: 1 },
    );
    const locations = trackLocations(page);

    await page.goto('/company/employees');
    await employeesHeading(page).waitFor();

    expect(locations.filter((path) => path.startsWith('/login'))).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/company/employees');
    expect(refreshes).toHaveLength(2);
    expect(refreshes[1]! - refreshes[0]!).toBeGreaterThanOrEqual(2000);
    const stored = await readPair(page);
    expect(stored.access).not.toBeNull();
    expect(stored.access).not.toBe(expired);
    expect(stored.refresh).not.toBe(refreshToken);
  });

  it('shows «Нет связи с сервером» through three 503s, then the page recovers by itself', async () => {
    const { page, expired } = await openWithExpiredAccess();
    const refreshes = trackRefreshes(page);
    await page.route(
      REFRESH_URL,
      (route) =>
        route.fulfill({
          status: 503,
          headers: { 'Retry-After': '1' },
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 503,
            code: 'SERVICE_UNAVAILABLE',
            message: 'Сервис временно недоступен. Повторите попытку позже.',
          }),
        }),
      { times: 3 },
    );
    const locations = trackLocations(page);
    let loads = 0;
    page.on('load', () => (loads += 1));

    await page.goto('/company/employees');
    const indicator = page.getByRole('status').filter({ hasText: INDICATOR_TEXT });
    await indicator.waitFor();
    // The session is kept while the server is away.
    expect((await readPair(page)).access).toBe(expired);

    await employeesHeading(page).waitFor({ timeout: 30_000 });
    await indicator.waitFor({ state: 'hidden' });

    expect(refreshes).toHaveLength(4);
    expect(loads).toBe(1);
    expect(locations.filter((path) => path.startsWith('/login'))).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/company/employees');
    expect((await readPair(page)).access).not.toBe(expired);
  });
});

describe('an outage of ordinary requests', () => {
  it('shows the indicator instead of error cards, and the page gets its data once the server is back', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    current = await pages.open();
    const { page } = current;
    await signInWithTokens(page, company.tokens);
    await page.goto('/company/employees');
    await employeesHeading(page).waitFor();
    let loads = 0;
    page.on('load', () => (loads += 1));

    // The server goes away: every API call, the readiness probe included, answers 503.
    let away = true;
    await page.route('**/api/**', (route) =>
      away
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 503,
              code: 'SERVICE_UNAVAILABLE',
              message: 'Сервис временно недоступен. Повторите попытку позже.',
            }),
          })
        : route.fallback(),
    );
    await page.getByRole('link', { name: 'Отметки' }).click();
    const indicator = page.getByRole('status').filter({ hasText: INDICATOR_TEXT });
    await indicator.waitFor();
    // A few rounds of retries and probes go by without a single error card.
    await page.waitForTimeout(3000);
    expect(await page.locator('.smena-notification').count()).toBe(0);

    const checksLoaded = page.waitForResponse(
      (response) => response.url().includes('/api/v1/checks') && response.status() === 200,
      { timeout: 45_000 },
    );
    away = false;
    await checksLoaded;
    await indicator.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Отметки', level: 1 }).waitFor();

    expect(await page.locator('.smena-notification').count()).toBe(0);
    expect(loads).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/company/checks');
    expect((await readPair(page)).access).toBe(company.tokens.accessToken);
  });
});

describe('two tabs', () => {
  // Twenty cold page loads: on two shared cores under load that is close to a minute.
  it(
    'opened together with an expired access token both stay logged in, ten times over',
    { timeout: 150_000 },
    async () => {
      const company = await seedCompany(E2E_PASSWORD);
      current = await pages.open();
      const { context, page: storagePage } = current;
      await storagePage.goto(STORAGE_PAGE);
      const refreshes = trackRefreshes(context);
      // Hold every refresh a moment on its way to the server, so that the second tab's request
      // would certainly overtake the first's rotation if the tabs did not take turns.
      await context.route(REFRESH_URL, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.fallback();
      });

      const rounds = 10;
      let pair: Pair = company.tokens;
      let logouts = 0;
      for (let round = 0; round < rounds; round += 1) {
        await storePair(storagePage, {
          accessToken: await expiredCopyOf(pair.accessToken),
          refreshToken: pair.refreshToken,
        });
        const tabs = await Promise.all([context.newPage(), context.newPage()]);
        const locations = tabs.map(trackLocations);
        await Promise.all(tabs.map((tab) => tab.goto('/company/employees')));
        await Promise.all(tabs.map(settled));
        logouts += locations.filter((seen) =>
          seen.some((path) => path.startsWith('/login')),
        ).length;
        const stored = await readPair(storagePage);
        await Promise.all(tabs.map((tab) => tab.close()));
        if (!stored.access || !stored.refresh) break;
        pair = { accessToken: stored.access, refreshToken: stored.refresh };
      }

      expect(logouts).toBe(0);
      // One tab refreshed, the other reused the pair it stored.
      expect(refreshes).toHaveLength(rounds);
    },
  );
});
