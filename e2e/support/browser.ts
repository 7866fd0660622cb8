import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const baseUrl = (): string => inject('baseUrl');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export type TestPage = { context: BrowserContext; page: Page; errors: string[] };

/** A fresh browser context whose uncaught page errors are collected, so a test can fail on them. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<TestPage> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * One Chromium for the spec file and a page per call that is closed after its test; the test
 * fails when any of its pages threw an uncaught error. Call once at the top of a spec.
 */
export function usePages(): { open(viewport?: typeof DESKTOP): Promise<TestPage> } {
  let browser: Browser;
  const opened: TestPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    const errors = opened.flatMap((page) => page.errors);
    for (const page of opened.splice(0)) await page.context.close();
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  return {
    async open(viewport = DESKTOP) {
      const page = await openPage(browser, viewport);
      opened.push(page);
      return page;
    },
  };
}

export async function api<T = any>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : undefined) as T };
}

let counter = 0;
/** Registers a company through the API and answers its admin's credentials and tokens. */
export async function seedCompany(password: string) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  const registration = {
    title: `ООО Тест ${id}`,
    email: `owner-${id}@e2e.local`,
    phone: `+7999${String(Date.now()).slice(-6)}${counter}`.slice(0, 12),
    country: 'RU',
    password,
  };
  const response = await api<{ accessToken: string; refreshToken: string }>(
    'POST',
    '/api/v1/auth/register',
    registration,
  );
  if (response.status !== 201) throw new Error(`register failed: ${JSON.stringify(response.data)}`);
  return { ...registration, tokens: response.data };
}

export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/**
 * Stores the given tokens as the login form would, from a same-origin document outside the SPA
 * (the health answer), so that no page of the app runs, or counts a page view, before they are
 * in place. The caller then opens the page it wants.
 */
export async function signInWithTokens(
  page: Page,
  tokens: { accessToken: string; refreshToken: string },
): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((pair) => {
    localStorage.setItem('access', pair.accessToken);
    localStorage.setItem('refresh', pair.refreshToken);
  }, tokens);
}

/** Picks an option of an antd Select opened from its labelled field inside `scope`. */
export async function chooseOption(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}
