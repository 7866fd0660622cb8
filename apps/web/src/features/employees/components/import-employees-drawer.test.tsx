import type { EmployeeImportPreview, EmployeeImportRow } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ImportEmployeesDrawer, {
  employeesCount,
  resultSummary,
} from './import-employees-drawer.tsx';

const uploadFile = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/upload-file.ts', () => ({ uploadFile }));

function row(line: number, overrides: Partial<EmployeeImportRow> = {}): EmployeeImportRow {
  return {
    line,
    status: 'NEW',
    lastName: `Иванова${line}`,
    firstName: 'Анна',
    middleName: '',
    personnelNumber: String(line),
    phone: `+7912000000${line}`,
    email: `anna${line}@example.ru`,
    branches: [],
    department: '',
    position: '',
    hireDate: '',
    errors: [],
    notes: [],
    ...overrides,
  };
}

function previewOf(rows: EmployeeImportRow[]): EmployeeImportPreview {
  const count = (status: EmployeeImportRow['status']) =>
    rows.filter((item) => item.status === status).length;
  return {
    rows,
    counts: {
      total: rows.length,
      new: count('NEW'),
      update: count('UPDATE'),
      invite: count('INVITE'),
      skip: count('SKIP'),
      error: count('ERROR'),
    },
    missing: { branches: [], departments: [], positions: [] },
    fileErrors: [],
    ignoredColumns: [],
    seats: { limit: 100, active: 1 },
  };
}

function renderDrawer() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <App>
          <ImportEmployeesDrawer open onClose={() => undefined} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function chooseFile() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File(['Фамилия;Имя'], 'сотрудники.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
}

// antd's table measures itself; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  uploadFile.mockReset();
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ImportEmployeesDrawer', () => {
  it('shows every row with its errors and keeps the import closed while any row is wrong', async () => {
    uploadFile.mockResolvedValueOnce(
      previewOf([
        row(2),
        row(3, {
          status: 'ERROR',
          email: 'не-почта',
          errors: [{ field: 'email', message: 'Некорректный email' }],
        }),
      ]),
    );
    renderDrawer();
    chooseFile();
    const counts = await screen.findByRole('list', { name: 'Итоги проверки' });
    expect(within(counts).getAllByRole('listitem')[5]!.textContent).toBe('1С ошибками');
    expect(String(uploadFile.mock.calls[0]![0])).toContain('/employees/import/preview');
    expect(screen.getByText('Некорректный email')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Импортировать 1 сотрудника' }).hasAttribute('disabled'),
    ).toBe(true);

    expect(screen.getByText('Иванова2 Анна')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Только с ошибками' }));
    await waitFor(() => expect(screen.queryByText('Иванова2 Анна')).toBeNull());
    expect(screen.getByText(/не-почта/)).toBeTruthy();
  });

  it('imports a clean file and shows the totals', async () => {
    uploadFile.mockResolvedValueOnce(previewOf([row(2), row(3), row(4, { status: 'UPDATE' })]));
    uploadFile.mockResolvedValueOnce({
      created: 2,
      updated: 1,
      invited: 0,
      skipped: 0,
      createdStructure: { branches: [], departments: [], positions: [] },
    });
    renderDrawer();
    chooseFile();
    fireEvent.click(await screen.findByRole('button', { name: 'Импортировать 3 сотрудников' }));
    const totals = await screen.findByRole('list', { name: 'Итоги импорта' });
    expect(within(totals).getAllByRole('listitem')[0]!.textContent).toBe('2Добавлены');
    const [url] = uploadFile.mock.calls[1]!;
    expect(String(url)).toMatch(/\/employees\/import\?createMissing=false&sendInvitations=true$/);
  });

  it('checks the file again when an option changes', async () => {
    uploadFile.mockResolvedValue(previewOf([row(2)]));
    renderDrawer();
    chooseFile();
    fireEvent.click(
      await screen.findByRole('checkbox', {
        name: 'Создать недостающие филиалы, отделы и должности',
      }),
    );
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(2));
    expect(String(uploadFile.mock.calls[1]![0])).toContain('createMissing=true');
  });
});

describe('plan limit', () => {
  it('shows the limit with the way to «Тариф и оплата»', async () => {
    const preview = previewOf([row(2), row(3)]);
    uploadFile.mockResolvedValueOnce({
      ...preview,
      seats: { limit: 2, active: 1 },
      fileErrors: ['Тариф рассчитан на 2 сотрудников: сейчас их 1, свободно 1, а файл добавляет 2'],
    });
    renderDrawer();
    chooseFile();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Тариф рассчитан на 2 сотрудников');
    expect(within(alert).getByRole('link', { name: '«Тариф и оплата»' })).toBeTruthy();
  });
});

describe('texts', () => {
  it('agrees the count after «Импортировать»', () => {
    expect(employeesCount(1)).toBe('1 сотрудника');
    expect(employeesCount(11)).toBe('11 сотрудников');
    expect(employeesCount(21)).toBe('21 сотрудника');
    expect(employeesCount(50)).toBe('50 сотрудников');
  });

  it('says how new people sign in and what structure was created', () => {
    expect(
      resultSummary({
        created: 1,
        updated: 0,
        invited: 1,
        skipped: 0,
        createdStructure: { branches: ['Склад'], departments: [], positions: ['Кассир'] },
      }),
    ).toBe(
      'Новые сотрудники входят в Смену по своему телефону: пароль они зададут через «Забыли пароль?». Приглашённые появятся в списке, когда примут приглашение. Созданы: филиал «Склад», должность «Кассир».',
    );
  });
});
