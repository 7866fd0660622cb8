import type { Branch } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BranchFormDrawer, COORDINATES_HINT, type CityFieldProps } from './branch-form-drawer.tsx';

type Call = { url: string; method: string; body: unknown };

const calls: Call[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server of these tests: no public config yet, and a 422 for every new branch. */
function fakeServer(url: string, init: RequestInit): Response {
  const method = init.method ?? 'GET';
  calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
  if (url.endsWith('/config/public')) {
    return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' });
  }
  if (url.endsWith('/branches') && method === 'POST') {
    return json(422, {
      statusCode: 422,
      code: 'VALIDATION_ERROR',
      message: 'Проверьте введённые данные',
      details: [
        { field: 'title', message: 'Филиал с таким названием уже есть' },
        { field: 'radius', message: 'Радиус от 10 до 5000 м' },
      ],
    });
  }
  return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' });
}

/** A plain select stands in for the city search. */
function StubCitySelect({ id, value, onChange }: CityFieldProps) {
  return (
    <select
      id={id}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value ? Number(event.target.value) : null)}
    >
      <option value="">—</option>
      <option value="7">Казань</option>
    </select>
  );
}

function renderDrawer(branch: Branch | null = null) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <BranchFormDrawer
        open
        branch={branch}
        defaults={{ timezone: 'Europe/Moscow', country: 'RU' }}
        CitySelect={StubCitySelect}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

/** Validation and replies may take a while on a busy machine. */
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

// The first render of antd in a file styles every component: slow on a busy machine.
describe('branch form', { timeout: 20_000 }, () => {
  it('asks for the title and the coordinates before sending anything', async () => {
    renderDrawer();

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await findText('Введите название')).toBeTruthy();
    expect(await findText('Укажите широту')).toBeTruthy();
    expect(await findText('Укажите долготу')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s 422 field errors under the fields', async () => {
    renderDrawer();
    type('Название', 'Склад');
    type('Широта', '55.796127');
    type('Долгота', '49.106414');
    fireEvent.change(screen.getByLabelText('Город'), { target: { value: '7' } });

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await findText('Филиал с таким названием уже есть')).toBeTruthy();
    expect(await findText('Радиус от 10 до 5000 м')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/v1/branches');
    expect(post?.body).toEqual({
      title: 'Склад',
      address: '',
      cityId: 7,
      latitude: 55.796127,
      longitude: 49.106414,
      radius: 100,
      timezone: 'Europe/Moscow',
      active: true,
    });
  });

  it('keeps an out-of-range value as typed and says what is wrong, instead of clamping it', async () => {
    renderDrawer();
    type('Название', 'Склад');
    type('Широта', '123.5');
    fireEvent.blur(screen.getByLabelText('Широта'));
    type('Долгота', '49.106414');
    type('Радиус (м)', '-5');
    fireEvent.blur(screen.getByLabelText('Радиус (м)'));

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await findText('Широта от −90 до 90')).toBeTruthy();
    expect(await findText('Радиус от 10 до 5000 м')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Широта').value).toBe('123.500000');
    expect(screen.getByLabelText<HTMLInputElement>('Радиус (м)').value).toBe('-5');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers the Yandex Maps hint when the server has no maps key', async () => {
    renderDrawer();
    expect(await findText(COORDINATES_HINT)).toBeTruthy();
  });

  it('fills both coordinates from a pasted «latitude, longitude» pair', async () => {
    renderDrawer();
    const latitude = screen.getByLabelText<HTMLInputElement>('Широта');
    fireEvent.paste(latitude, { clipboardData: { getData: () => '55.751244, 37.618423' } });

    await waitFor(() => expect(latitude.value).toBe('55.751244'), { timeout: 8000 });
    expect(screen.getByLabelText<HTMLInputElement>('Долгота').value).toBe('37.618423');
  });
});
