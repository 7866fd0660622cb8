import type { ApiKey, CreatedApiKey } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as ApiKeysRoute } from './apikey-route.tsx';
import { withSession } from '../../../test/session.ts';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const SECRET = 'smk_Zq8vS1cretValueThatIsShownOnce0123456789ab';

const created: CreatedApiKey = {
  id: 9,
  name: 'Турникет на проходной',
  prefix: 'smk_Zq8vS1cr',
  branchId: null,
  branchTitle: null,
  createdAt: '2026-05-04T07:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  secret: SECRET,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const fetchMock = vi.fn<typeof fetch>();
let keys: ApiKey[] = [];

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  keys = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    withSession((input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url === '/api/v1/profile/employee')
        return json({
          id: 5,
          role: 'ADMIN',
          companyId: 1,
          status: 'ACTIVE',
          personnelNumber: null,
        });
      if (url === '/api/v1/profile/company')
        return json({ id: 1, title: 'ООО Ромашка', timezone: 'Europe/Moscow' });
      if (url === '/api/v1/profile')
        return json({ id: 3, firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' });
      if (url.startsWith('/api/v1/branches'))
        return json({
          items: [{ id: 2, title: 'Центральный', timezone: 'Europe/Moscow', active: true }],
          total: 1,
          page: 1,
          limit: 1000,
        });
      if (url === '/api/v1/api-keys' && method === 'POST') {
        const { secret: _secret, ...stored } = created;
        keys = [stored];
        return json(created, 201);
      }
      if (url === '/api/v1/api-keys') return json({ items: keys });
      return json({ message: `unexpected ${method} ${url}` }, 500);
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <ApiKeysRoute />
      </App>
    </QueryClientProvider>,
  );
}

describe('API keys page', { timeout: 60_000 }, () => {
  it('shows a new key’s secret once, with a warning and a ready curl, and only its prefix after', async () => {
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: /Создать ключ/ }))[0]!);
    fireEvent.change(await screen.findByLabelText('Название'), {
      target: { value: 'Турникет на проходной' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));

    const secret = await screen.findByLabelText('Секретный ключ');
    expect((secret as HTMLInputElement).value).toBe(SECRET);
    const dialog = secret.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByText('Ключ создан')).toBeTruthy();
    expect(within(dialog).getByText(/показывается один раз/)).toBeTruthy();
    const curl = within(dialog).getByLabelText('Пример запроса с новым ключом').textContent ?? '';
    expect(curl).toContain(`Authorization: Bearer ${SECRET}`);
    expect(curl).toContain(`${window.location.origin}/api/v1/checks/create`);
    expect(curl).toContain('Idempotency-Key: ');
    expect(curl).toContain('"employeeId":5,"branchId":2');
    const body = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/api-keys' && init?.method === 'POST',
    )![1]!.body;
    expect(JSON.parse(String(body))).toEqual({ name: 'Турникет на проходной', branchId: null });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Я сохранил ключ' }));

    await waitFor(() => expect(screen.queryByLabelText('Секретный ключ')).toBeNull());
    expect(await screen.findByText('smk_Zq8vS1cr…')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('requires a name', async () => {
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: /Создать ключ/ }))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Введите название')).toBeTruthy();
  });
});
