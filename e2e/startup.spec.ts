import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { E2E_PASSWORD } from './support/constants.ts';
import { loginThroughForm, seedCompany, usePages } from './support/browser.ts';

/**
 * «Fast on a phone»: a cold load of a signed-in page asks each start-up resource once — profile,
 * membership and company in one answer — and the page's own data does not wait for it.
 */

const pages = usePages();

type Timed = { method: string; path: string; start: number; end: number | null };

/** Every API request of the page with when it started and when its answer ended (ms, page clock). */
function recordApiRequests(page: Page): Timed[] {
  const list: Timed[] = [];
  const byRequest = new Map<Request, Timed>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const entry: Timed = {
      method: request.method(),
      path: `${url.pathname}${url.search}`,
      // Replaced by the browser's own figures when the answer has come.
      start: Date.now(),
      end: null,
    };
    list.push(entry);
    byRequest.set(request, entry);
  });
  page.on('requestfinished', (request) => {
    const entry = byRequest.get(request);
    if (!entry) return;
    const timing = request.timing();
    entry.start = timing.startTime;
    entry.end = timing.startTime + timing.responseEnd;
  });
  return list;
}

/** The API path without the version prefix or the query: `/profile/company`, `/calendar`. */
const resource = (entry: Timed) => entry.path.replace(/^\/api\/v1/, '').replace(/\?.*$/, '');

describe('start-up of a signed-in page', () => {
  it('asks the session, config, the calendar and its filters once each, together', async () => {
    const company = await seedCompany(E2E_PASSWORD);
    const { page } = await pages.open();
    await loginThroughForm(page, company.email, E2E_PASSWORD);
    await page.getByRole('heading', { name: 'Сводка', level: 1 }).waitFor();

    // A cold load: a new document, nothing in memory but the stored tokens.
    const requests = recordApiRequests(page);
    await page.goto('/company/calendar');
    await page.getByRole('heading', { name: 'Календарь', level: 1 }).waitFor();
    // Whatever the page asks on its own start, it has asked by the time the grid is drawn.
    await page.waitForLoadState('networkidle');

    const gets = requests.filter((entry) => entry.method === 'GET');
    const startup = ['/config', '/profile/session', '/calendar', '/branches', '/departments'];
    const counts = Object.fromEntries(
      startup.map((path) => [path, gets.filter((entry) => resource(entry) === path).length]),
    );
    const t0 = Math.min(...gets.map((entry) => entry.start));
    const ms = (value: number | null) => (value === null ? '—' : (value - t0).toFixed(0));
    console.info(
      'start-up requests (ms from the first):\n' +
        gets
          .map(
            (entry) =>
              `  ${ms(entry.start).padStart(5)} → ${ms(entry.end).padStart(5)}  ${entry.path}`,
          )
          .join('\n'),
    );
    expect(counts).toEqual(Object.fromEntries(startup.map((path) => [path, 1])));
    // Profile, membership and company come in the session's one answer, not one by one.
    for (const part of ['/profile', '/profile/employee', '/profile/company'])
      expect(gets.filter((entry) => resource(entry) === part)).toEqual([]);

    // No GET of the start at all is repeated (the same URL twice).
    const paths = gets.map((entry) => entry.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);

    // The page's data does not wait for the session's answer: the grid and the filters' lists
    // start before it has come back (requests of the same start overlap instead of following
    // one another).
    const first = (path: string) => gets.find((entry) => resource(entry) === path)!;
    for (const pagePath of ['/calendar', '/branches', '/departments']) {
      const data = first(pagePath);
      for (const path of ['/profile/session']) {
        const earlier = first(path);
        expect(earlier.end, `${path} answered`).not.toBeNull();
        expect(
          data.start,
          `${pagePath} started at ${data.start.toFixed(0)} ms, ${path} ended at ${earlier.end!.toFixed(0)} ms`,
        ).toBeLessThan(earlier.end!);
      }
    }
  });
});
