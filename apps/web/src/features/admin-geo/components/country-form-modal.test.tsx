import type { AdminCountry } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountryFormModal } from './country-form-modal.tsx';

type Call = { url: string; method: string; body: unknown };
const calls: Call[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Kazakhstan's code is taken; everything else saves. */
function fakeServer(url: string, init: RequestInit): Response {
  const method = init.method ?? 'GET';
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  calls.push({ url, method, body });
  if (method === 'POST' && body?.code === 'KZ') {
    return json(409, {
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Страна с таким ISO-кодом уже есть',
      details: [{ field: 'code', message: 'Страна с таким ISO-кодом уже есть' }],
    });
  }
  return json(method === 'POST' ? 201 : 200, { id: 9, ...body });
}

const used: AdminCountry = {
  id: 1,
  name: 'Россия',
  code: 'RU',
  phoneCode: '+7',
  cityCount: 18,
  companyCount: 3,
  userCount: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderModal(country: AdminCountry | null, onClose = () => undefined, onSaved = vi.fn()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <CountryFormModal open country={country} onClose={onClose} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved };
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

describe('country form', { timeout: 30_000 }, () => {
  it('checks the fields with the contract’s messages', async () => {
    renderModal(null);
    type('ISO-код', 'k');
    type('Телефонный код', '+12345');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Введите название', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('ISO-код — две латинские буквы, например RU')).toBeTruthy();
    expect(await screen.findByText('Телефонный код — «+» и до 4 цифр, например +7')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the code in capitals and shows a taken one under the field', async () => {
    renderModal(null);
    type('Название', 'Казахстан');
    type('ISO-код', 'kz');
    type('Телефонный код', '7');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(
      await screen.findByText('Страна с таким ISO-кодом уже есть', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/v1/admin/countries',
      method: 'POST',
      body: { name: 'Казахстан', code: 'KZ', phoneCode: '+7' },
    });
  });

  it('keeps the code of a country in use and saves the rest', async () => {
    const onClose = vi.fn();
    const { onSaved } = renderModal(used, onClose);
    expect((screen.getByLabelText('ISO-код') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/изменить его нельзя/)).toBeTruthy();
    type('Название', 'Российская Федерация');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 8000 });
    expect(onSaved).toHaveBeenCalled();
    expect(calls[0]).toMatchObject({
      url: '/api/v1/admin/countries/1',
      method: 'PATCH',
      body: { name: 'Российская Федерация', code: 'RU', phoneCode: '+7' },
    });
  });
});
