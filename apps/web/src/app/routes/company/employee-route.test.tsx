import type { Employee } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as EmployeeRoute } from './employee-route.tsx';
import { withSession } from '../../../test/session.ts';

const employee: Employee = {
  id: 41,
  userId: 7,
  firstName: 'Олег',
  lastName: 'Сидоров',
  middleName: '',
  email: 'oleg@example.ru',
  phone: '+79123456789',
  avatar: null,
  role: 'MANAGER',
  status: 'ACTIVE',
  departmentId: null,
  departmentTitle: null,
  positionId: null,
  positionTitle: null,
  branches: [],
  personnelNumber: null,
  hireDate: null,
  dismissedAt: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  canEditIdentity: false,
  accountName: null,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const fetchMock = vi.fn<typeof fetch>();
let sessionRole: 'ADMIN' | 'MANAGER' = 'ADMIN';
let shown: Employee = employee;

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={['/company/employees/41']}>
          <Routes>
            <Route path="/company/employees/:id" element={<EmployeeRoute />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  sessionRole = 'ADMIN';
  shown = employee;
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    withSession((input) => {
      const url = String(input);
      if (url === '/api/v1/profile/employee')
        return json({
          id: 5,
          role: sessionRole,
          companyId: 1,
          status: 'ACTIVE',
          personnelNumber: null,
        });
      if (url === '/api/v1/profile/company')
        return json({ id: 1, title: 'ООО Ромашка', hideBranches: false, hideDepartments: false });
      if (url === '/api/v1/profile')
        return json({ id: 3, firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' });
      if (url === '/api/v1/employees/41') return json(shown);
      if (url === '/api/v1/employees/41/manager-scope')
        return json({
          employeeId: 41,
          kind: 'UNITS',
          branches: [{ id: 1, title: 'Северный' }],
          departments: [],
        });
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' }, 404);
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

describe('employee card: a manager’s scope', () => {
  it('shows the scope with «Изменить» to the company’s admin', async () => {
    renderCard();

    expect(await screen.findByText('Северный', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Зона ответственности')).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Изменить зону ответственности' }),
    ).toBeTruthy();
  });

  it('shows the scope read-only to a manager', async () => {
    sessionRole = 'MANAGER';
    renderCard();

    expect(await screen.findByText('Северный', {}, { timeout: 5000 })).toBeTruthy();
    // The role arrives with the session: wait until it has been answered and rendered.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/profile/session')).toBe(true),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: 'Изменить зону ответственности' })).toBeNull();
  });

  it('has no scope section for someone who is not a manager', async () => {
    shown = { ...employee, role: 'EMPLOYEE' };
    renderCard();

    expect(await screen.findByText('Контакты')).toBeTruthy();
    expect(screen.queryByText('Зона ответственности')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/manager-scope'))).toBe(
      false,
    );
  });
});
