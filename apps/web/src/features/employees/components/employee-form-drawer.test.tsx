import { Role } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assignableRoles,
  EmployeeFormDrawer,
  TEMPORARY_PASSWORD_HINT,
} from './employee-form-drawer.tsx';

const options = {
  branches: [{ id: 1, title: 'Центральный' }],
  departments: [{ id: 2, title: 'Продажи' }],
  positions: [{ id: 3, title: 'Кассир' }],
  isLoading: false,
};

function renderForm(callerRole: Role) {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <EmployeeFormDrawer
          open
          callerRole={callerRole}
          hideBranches={false}
          hideDepartments={false}
          options={options}
          countries={undefined}
          companyCountry="RU"
          onClose={() => undefined}
        />
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
});

afterEach(() => {
  cleanup();
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

  it('lists the roles each caller may give', () => {
    expect(assignableRoles(Role.MANAGER)).toEqual(['EMPLOYEE', 'MANAGER']);
    expect(assignableRoles(Role.ADMIN)).toEqual(['EMPLOYEE', 'MANAGER', 'ADMIN']);
  });
});
