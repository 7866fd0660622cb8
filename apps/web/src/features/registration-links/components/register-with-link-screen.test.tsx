import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterWithLinkScreen } from './register-with-link-screen.tsx';

const UUID = '3f2b8c1e-9a4d-4e7b-8c2f-1d5e6a7b8c9d';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderScreen(uuid: string | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RegisterWithLinkScreen
          uuid={uuid}
          countries={[]}
          countriesLoading={false}
          onRegistered={() => Promise.resolve()}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('register with link', () => {
  it('explains an expired invitation with the server message and ways out', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        jsonResponse(410, {
          statusCode: 410,
          code: 'LINK_EXPIRED',
          message: 'Срок действия приглашения истёк',
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    renderScreen(UUID);

    expect(await screen.findByText('Ссылка недействительна')).toBeTruthy();
    expect(screen.getByText('Срок действия приглашения истёк')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login');
    expect(
      screen.getByRole('link', { name: 'Зарегистрировать компанию' }).getAttribute('href'),
    ).toBe('/register');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/registration-links/${UUID}/public`,
      expect.objectContaining({ method: 'GET' }),
    );
    // A public call: no token is sent.
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('says the link is incomplete without a uuid, asking nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);

    renderScreen(null);

    expect(screen.getByText('Ссылка неполная')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the employee form for an employee invitation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(200, {
            id: UUID,
            kind: 'EMPLOYEE',
            companyTitle: 'Ромашка',
            departmentId: 3,
            departmentTitle: 'Продажи',
            positionId: null,
            positionTitle: null,
            userCount: null,
          }),
        ),
      ),
    );

    renderScreen(UUID);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Приглашение в «Ромашка»' }),
    ).toBeTruthy();
    expect(screen.getByText(/отдел «Продажи»/)).toBeTruthy();
    for (const label of ['Фамилия', 'Имя', 'Отчество', 'Email', 'Телефон', 'Страна', 'Пароль']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toBeTruthy();
  });
});
