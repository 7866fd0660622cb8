import type { AdminCompany, Country } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CompanyFormDrawer,
  companyChanges,
  generatePassword,
  initialCompanyValues,
} from './company-form-drawer.tsx';

type Call = { url: string; method: string; body: unknown };
const calls: Call[] = [];

const countries: Country[] = [
  { id: 1, name: 'Россия', code: 'RU', phoneCode: '+7' },
  { id: 2, name: 'Казахстан', code: 'KZ', phoneCode: '+7' },
  { id: 3, name: 'Беларусь', code: 'BY', phoneCode: '+375' },
];

const company: AdminCompany = {
  id: 42,
  title: 'ООО Ромашка',
  email: 'boss@romashka.ru',
  phone: '+79991234567',
  country: 'RU',
  countryName: 'Россия',
  timezone: 'Europe/Moscow',
  status: 'ACTIVE',
  userLimit: 10,
  paidUntil: '2026-05-31T21:00:00.000Z',
  paidUntilDate: '2026-05-31',
  isTrial: true,
  planState: 'TRIAL',
  activeEmployeeCount: 4,
  createdAt: '2026-05-01T10:00:00.000Z',
  admin: { userId: 7, fullName: 'Иванов Иван', email: 'boss@romashka.ru', phone: '+79991234567' },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server of these tests: the email of a new company is always taken. */
function fakeServer(url: string, init: RequestInit): Response {
  const method = init.method ?? 'GET';
  calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
  if (url.endsWith('/admin/companies') && method === 'POST') {
    return json(409, {
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Пользователь с таким email уже зарегистрирован',
      details: [{ field: 'email', message: 'Этот email уже зарегистрирован' }],
    });
  }
  if (method === 'PATCH') return json(200, company);
  return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' });
}

function renderDrawer(current: AdminCompany | null, onClose = () => undefined) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <CompanyFormDrawer
        open
        company={current}
        countries={countries}
        countriesLoading={false}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
}

function findText(text: string) {
  return screen.findByText(text, {}, { timeout: 8000 });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => Promise.resolve(fakeServer(url, init))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('company form helpers', () => {
  it('starts a new company on the trial registration gives, and an edit from the company', () => {
    const fresh = initialCompanyValues(null, countries, dayjs('2026-03-01'));
    expect(fresh).toMatchObject({
      country: 'RU',
      timezone: 'Europe/Moscow',
      userLimit: 10,
      isTrial: true,
      paidUntil: '2026-03-15',
    });
    const edit = initialCompanyValues(company, countries);
    expect(edit).toMatchObject({ phone: '+7 (999) 123-45-67', paidUntil: '2026-05-31' });
  });

  it('sends only the fields that changed', () => {
    const values = {
      ...initialCompanyValues(company, countries),
      userLimit: 25,
      paidUntil: null,
      title: ' ООО Ромашка ',
    };
    expect(companyChanges(company, values, '+7')).toEqual({ userLimit: 25, paidUntil: null });
  });

  it('generates readable passwords long enough for the server', () => {
    const password = generatePassword();
    expect(password).toHaveLength(12);
    expect(password).not.toMatch(/[0O1lI]/);
  });
});

// The first render of antd in a file styles every component: slow on a busy machine.
describe('company form', { timeout: 30_000 }, () => {
  it('asks for what is missing before sending anything', async () => {
    renderDrawer(null);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await findText('Введите название компании')).toBeTruthy();
    expect(await findText('Введите email')).toBeTruthy();
    expect(await findText('Введите телефон')).toBeTruthy();
    expect(await findText('Введите пароль')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a company with the phone in E.164 and shows a taken email under the field', async () => {
    renderDrawer(null);
    type('Название', 'ООО Василёк');
    type('Email', 'Boss@Vasilek.ru');
    type('Телефон', '9161234567');
    type('Фамилия', 'Петров');
    type('Пароль', 'strong-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await findText('Этот email уже зарегистрирован')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/v1/admin/companies');
    expect(post?.body).toMatchObject({
      title: 'ООО Василёк',
      email: 'boss@vasilek.ru',
      phone: '+79161234567',
      country: 'RU',
      timezone: 'Europe/Moscow',
      password: 'strong-password-1',
      lastName: 'Петров',
      userLimit: 10,
      isTrial: true,
    });
    expect((post?.body as { paidUntil: string }).paidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('saves only the changed plan terms of an existing company', async () => {
    const onClose = vi.fn();
    renderDrawer(company, onClose);
    expect(screen.queryByLabelText('Пароль')).toBeNull();
    fireEvent.change(screen.getByLabelText('Лимит пользователей'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 8000 });
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/v1/admin/companies/42');
    expect(patch?.body).toEqual({ userLimit: 30, isTrial: false });
  });
});
