import type { MyInvitations, Profile } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { ChangeIdentityForm } from './change-identity-form.tsx';
import { MyInvitationsCard } from './my-invitations-card.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const profile: Profile = {
  id: 3,
  firstName: 'Анна',
  lastName: 'Петрова',
  middleName: '',
  email: 'anna@example.ru',
  phone: '+79123456789',
  country: 'RU',
  avatar: null,
  isSuperAdmin: false,
  impersonatorId: null,
};

const invitations: MyInvitations = {
  items: [
    {
      id: 17,
      companyId: 9,
      companyTitle: 'ООО Ромашка',
      invitedBy: 'Иванов Иван',
      role: 'MANAGER',
      departmentTitle: 'Продажи',
      positionTitle: 'Старший кассир',
      branchTitles: ['Центральный'],
      hireDate: '2026-03-01',
      createdAt: '2026-02-20T09:00:00.000Z',
    },
  ],
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const fetchMock = vi.fn<typeof fetch>();

function requestsOf(method: string) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: String(input),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    }));
}

function renderWithProviders(children: ReactNode) {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <App>{children}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

describe('«Изменить email или телефон»', () => {
  it('sends the new email with the current password', async () => {
    fetchMock.mockImplementation(() => json({ ...profile, email: 'anna.p@example.ru' }));
    renderWithProviders(<ChangeIdentityForm profile={profile} countries={undefined} />);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna.p@example.ru' } });
    fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить email или телефон' }));

    await waitFor(() => expect(requestsOf('POST')).toHaveLength(1));
    expect(requestsOf('POST')[0]).toEqual({
      url: '/api/v1/profile',
      body: { email: 'anna.p@example.ru', phone: '+79123456789', currentPassword: 'secret-123' },
    });
  });

  it('asks for the current password before sending anything', async () => {
    renderWithProviders(<ChangeIdentityForm profile={profile} countries={undefined} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna.p@example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить email или телефон' }));
    expect(await screen.findByText('Введите текущий пароль')).toBeTruthy();
    expect(requestsOf('POST')).toEqual([]);
  });

  it('shows the server’s message under the password field', async () => {
    fetchMock.mockImplementation(() =>
      json(
        {
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Неверный текущий пароль',
          details: [{ field: 'currentPassword', message: 'Неверный текущий пароль' }],
        },
        422,
      ),
    );
    renderWithProviders(<ChangeIdentityForm profile={profile} countries={undefined} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna.p@example.ru' } });
    fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить email или телефон' }));
    expect(await screen.findByText('Неверный текущий пароль')).toBeTruthy();
  });
});

describe('«Приглашения» in the profile', () => {
  it('shows what the company proposes and accepts, then offers to open the company', async () => {
    const onSwitch = vi.fn();
    fetchMock.mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/v1/profile/invitations/17/accept' && init?.method === 'POST')
        return json({ companyId: 9, companyTitle: 'ООО Ромашка', employeeId: 55 });
      if (url === '/api/v1/profile/invitations') return json(invitations);
      return json({ items: [] });
    });
    renderWithProviders(<MyInvitationsCard onSwitch={onSwitch} />);

    expect(await screen.findByText('ООО Ромашка приглашает вас')).toBeTruthy();
    expect(screen.getByText('Менеджер')).toBeTruthy();
    expect(screen.getByText('Старший кассир')).toBeTruthy();
    expect(screen.getByText('Центральный')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Принять' }));

    const go = await screen.findByRole('button', { name: 'Перейти' });
    expect(requestsOf('POST').map((request) => request.url)).toEqual([
      '/api/v1/profile/invitations/17/accept',
    ]);
    fireEvent.click(go);
    await waitFor(() => expect(onSwitch).toHaveBeenCalledWith(9));
  });

  it('shows nothing when there are no invitations', async () => {
    fetchMock.mockImplementation(() => json({ items: [] }));
    const { container } = renderWithProviders(<MyInvitationsCard onSwitch={() => undefined} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
