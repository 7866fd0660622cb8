import { EMPLOYEE_INVITED_MESSAGE, Role, type Employee } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import {
  assignableRoles,
  EmployeeFormDrawer,
  IDENTITY_HINT,
  INVITED_TITLE,
  managerScopeHint,
  NAME_HINT,
  TEMPORARY_PASSWORD_HINT,
} from './employee-form-drawer.tsx';

const options = {
  branches: [{ id: 1, title: 'Центральный' }],
  departments: [{ id: 2, title: 'Продажи' }],
  positions: [{ id: 3, title: 'Кассир' }],
  isLoading: false,
};

const existing: Employee = {
  id: 41,
  userId: 7,
  firstName: 'Олег',
  lastName: 'Сидоров',
  middleName: '',
  email: 'oleg@example.ru',
  phone: '+79123456789',
  avatar: null,
  role: 'EMPLOYEE',
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

function lastRequest(method: string) {
  const call = fetchMock.mock.calls.findLast(([, init]) => init?.method === method);
  if (!call) throw new Error(`no ${method} request`);
  return {
    url: String(call[0]),
    body: JSON.parse(String(call[1]?.body)) as Record<string, unknown>,
  };
}

function renderForm(callerRole: Role, employee?: Employee) {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <App>
          <EmployeeFormDrawer
            open
            employee={employee}
            callerRole={callerRole}
            hideBranches={false}
            hideDepartments={false}
            options={options}
            countries={undefined}
            companyCountry="RU"
            onClose={() => undefined}
          />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens the antd select labelled `label` and returns the texts of its options. */
function optionsOf(label: string): string[] {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const popup = document.querySelector<HTMLElement>(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  );
  if (!popup) throw new Error(`No open list for ${label}`);
  return [...popup.querySelectorAll('.ant-select-item-option-content')].map(
    (option) => option.textContent ?? '',
  );
}

// The role list measures itself; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
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

describe('employee form', () => {
  it('does not offer «Админ» to a manager', () => {
    renderForm(Role.MANAGER);

    const roles = optionsOf('Роль');
    expect(roles).toContain('Сотрудник');
    expect(roles).toContain('Менеджер');
    expect(roles).not.toContain('Админ');
  });

  it('offers every role to an admin', () => {
    renderForm(Role.ADMIN);

    expect(optionsOf('Роль')).toEqual(expect.arrayContaining(['Сотрудник', 'Менеджер', 'Админ']));
  });

  it('asks for the fields of a new employee with an optional temporary password', () => {
    renderForm(Role.ADMIN);

    for (const label of [
      'Фамилия',
      'Имя',
      'Отчество',
      'Email',
      'Телефон',
      'Отдел',
      'Должность',
      'Филиалы',
      'Табельный номер',
      'Дата приёма',
      'Временный пароль',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByText(TEMPORARY_PASSWORD_HINT)).toBeTruthy();
  });

  it('shows an account’s email and phone read-only and never sends them', async () => {
    fetchMock.mockImplementation(() => json({ ...existing, personnelNumber: '12' }));
    renderForm(Role.ADMIN, existing);

    for (const label of ['Email', 'Телефон']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, label).toBe(true);
    }
    expect(screen.getByText(IDENTITY_HINT)).toBeTruthy();
    expect((screen.getByLabelText('Табельный номер') as HTMLInputElement).disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Табельный номер'), { target: { value: '12' } });
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const request = lastRequest('PATCH');
    expect(request.url).toBe('/api/v1/employees/41');
    expect(request.body.personnelNumber).toBe('12');
    for (const field of ['email', 'phone']) {
      expect(request.body, field).not.toHaveProperty(field);
    }
  });

  it('lets the company spell the name of an account it does not own, saying so', async () => {
    fetchMock.mockImplementation(() =>
      json({ ...existing, lastName: 'Сидоренко', accountName: 'Сидоров Олег' }),
    );
    renderForm(Role.MANAGER, existing);

    for (const label of ['Фамилия', 'Имя', 'Отчество']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, label).toBe(false);
    }
    expect(screen.getByText(NAME_HINT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Сидоренко' } });
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const request = lastRequest('PATCH');
    expect(request.body).toMatchObject({
      lastName: 'Сидоренко',
      firstName: 'Олег',
      middleName: '',
    });
    expect(request.body).not.toHaveProperty('email');
  });

  it('names the account’s own spelling when the company shows another', () => {
    renderForm(Role.ADMIN, { ...existing, lastName: 'Сидоренко', accountName: 'Сидоров Олег' });
    expect(screen.getByText(`${NAME_HINT} В учётной записи: Сидоров Олег.`)).toBeTruthy();
  });

  it('saves a locked account whose name is empty (the person never filled it in)', async () => {
    const nameless = { ...existing, firstName: '', lastName: '' };
    fetchMock.mockImplementation(() => json(nameless));
    renderForm(Role.ADMIN, nameless);
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(lastRequest('PATCH').body).not.toHaveProperty('lastName');
  });

  it('lets the company correct an account it created that never logged in', async () => {
    fetchMock.mockImplementation(() => json({ ...existing, canEditIdentity: true }));
    renderForm(Role.ADMIN, { ...existing, canEditIdentity: true });

    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText(IDENTITY_HINT)).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'oleg.s@example.ru' } });
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(lastRequest('PATCH').body).toMatchObject({
      email: 'oleg.s@example.ru',
      lastName: 'Сидоров',
    });
  });

  it('says plainly that an existing account was invited, not added', async () => {
    fetchMock.mockImplementation(() =>
      json(
        {
          invitation: {
            id: 3,
            email: 'oleg@example.ru',
            phone: '+79123456789',
            firstName: 'Олег',
            lastName: 'Сидоров',
            middleName: '',
            role: 'EMPLOYEE',
            departmentId: null,
            departmentTitle: null,
            positionId: null,
            positionTitle: null,
            branchIds: [],
            personnelNumber: null,
            hireDate: null,
            status: 'PENDING',
            createdAt: '2026-01-10T09:00:00.000Z',
            answeredAt: null,
          },
          message: EMPLOYEE_INVITED_MESSAGE,
        },
        202,
      ),
    );
    renderForm(Role.ADMIN);
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Сидоров' } });
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Олег' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'oleg@example.ru' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '9123456789' } });
    fireEvent.submit(document.querySelector('form')!);

    expect((await screen.findAllByText(INVITED_TITLE)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(EMPLOYEE_INVITED_MESSAGE).length).toBeGreaterThan(0);
    expect(lastRequest('POST').url).toBe('/api/v1/employees');
  });

  it('tells the admin who makes someone a manager where the scope is limited', async () => {
    renderForm(Role.ADMIN, existing);
    const hint = managerScopeHint({ hideBranches: false, hideDepartments: false }, true);
    expect(hint).toBe(
      'Новый менеджер отвечает за всю компанию. Зону ответственности можно ограничить филиалами и отделами в карточке сотрудника.',
    );
    expect(screen.queryByText(hint)).toBeNull();

    optionsOf('Роль');
    fireEvent.click(screen.getByTitle('Менеджер'));
    expect(await screen.findByText(hint)).toBeTruthy();
  });

  it('gives no scope hint to a manager', async () => {
    renderForm(Role.MANAGER, { ...existing, role: 'MANAGER' });
    await screen.findByLabelText('Роль');
    expect(screen.queryByText(/Зону ответственности/)).toBeNull();
  });

  it('lists the roles each caller may give', () => {
    expect(assignableRoles(Role.MANAGER)).toEqual(['EMPLOYEE', 'MANAGER']);
    expect(assignableRoles(Role.ADMIN)).toEqual(['EMPLOYEE', 'MANAGER', 'ADMIN']);
  });
});
