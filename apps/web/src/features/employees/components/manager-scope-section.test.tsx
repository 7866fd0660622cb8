import type { Employee, ManagerScope } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import {
  ManagerScopeSection,
  MANAGER_SCOPE_TITLE,
  WHOLE_COMPANY,
} from './manager-scope-section.tsx';

const manager: Employee = {
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

const SCOPE_URL = '/api/v1/employees/41/manager-scope';
const wholeCompany: ManagerScope = {
  employeeId: 41,
  kind: 'COMPANY',
  branches: [],
  departments: [],
};
const northUnits: ManagerScope = {
  employeeId: 41,
  kind: 'UNITS',
  branches: [{ id: 1, title: 'Северный' }],
  departments: [{ id: 5, title: 'Склад' }],
};
const branchPage = {
  items: [
    { id: 1, title: 'Северный' },
    { id: 2, title: 'Южный' },
  ],
  total: 2,
  page: 1,
  limit: 1000,
};
const departmentPage = {
  items: [
    { id: 5, title: 'Склад' },
    { id: 6, title: 'Продажи' },
  ],
  total: 2,
  page: 1,
  limit: 1000,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const fetchMock = vi.fn<typeof fetch>();

/** The server of these tests: `current` is the stored scope; `onPut` answers a save. */
let current: ManagerScope = wholeCompany;
function storeScope(body: Record<string, unknown>): Promise<Response> {
  current = {
    employeeId: 41,
    kind: body.kind as ManagerScope['kind'],
    branches: branchPage.items.filter((b) => (body.branchIds as number[]).includes(b.id)),
    departments: departmentPage.items.filter((d) =>
      (body.departmentIds as number[]).includes(d.id),
    ),
  };
  return json(current);
}
let onPut = storeScope;

function puts(): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === SCOPE_URL && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

function renderSection({
  canEdit = true,
  hideBranches = false,
  hideDepartments = false,
}: { canEdit?: boolean; hideBranches?: boolean; hideDepartments?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <ManagerScopeSection
          employee={manager}
          canEdit={canEdit}
          hideBranches={hideBranches}
          hideDepartments={hideDepartments}
        />
      </App>
    </QueryClientProvider>,
  );
}

/** The open drawer (antd renders it in a portal). */
function drawer(): HTMLElement {
  return screen.getByRole('dialog');
}

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Изменить зону ответственности' }));
  await waitFor(() => drawer());
}

/** Picks `option` in the antd select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(await within(drawer()).findByLabelText(label));
  const item = await waitFor(() => {
    const popup = document.querySelector<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    );
    const found = [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`No option ${option} in ${label}`);
    return found;
  });
  fireEvent.click(item);
}

function save() {
  fireEvent.click(within(drawer()).getByRole('button', { name: 'Сохранить' }));
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  current = wholeCompany;
  onPut = storeScope;
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === SCOPE_URL && method === 'GET') return json(current);
    if (url === SCOPE_URL && method === 'PUT')
      return onPut(JSON.parse(String(init?.body)) as Record<string, unknown>);
    if (url.startsWith('/api/v1/branches')) return json(branchPage);
    if (url.startsWith('/api/v1/departments')) return json(departmentPage);
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('manager scope section', () => {
  it('shows «Вся компания» for a manager of the whole company', async () => {
    renderSection();

    expect(screen.getByText(MANAGER_SCOPE_TITLE)).toBeTruthy();
    expect(await screen.findByText(WHOLE_COMPANY)).toBeTruthy();
  });

  it('lists the branches and departments of a limited manager', async () => {
    current = northUnits;
    renderSection();

    expect(await screen.findByText('Северный')).toBeTruthy();
    expect(screen.getByText('Склад')).toBeTruthy();
    expect(screen.getByText('Филиалы')).toBeTruthy();
    expect(screen.getByText('Отделы')).toBeTruthy();
    expect(screen.queryByText(WHOLE_COMPANY)).toBeNull();
  });

  it('offers «Изменить» to the admin only', async () => {
    renderSection({ canEdit: false });

    expect(await screen.findByText(WHOLE_COMPANY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Изменить/ })).toBeNull();
  });

  it('lets the admin limit the manager to a branch', async () => {
    const success = vi.spyOn(notify, 'success');
    renderSection();
    await openEditor();

    fireEvent.click(within(drawer()).getByLabelText('Филиалы и отделы'));
    await choose('Филиалы', 'Южный');
    save();

    await waitFor(() =>
      expect(puts()).toEqual([{ kind: 'UNITS', branchIds: [2], departmentIds: [] }]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Зона ответственности сохранена'));
    // The card reads the saved scope.
    expect(await screen.findByText('Южный')).toBeTruthy();
    expect(screen.queryByText(WHOLE_COMPANY)).toBeNull();
  });

  it('asks for at least one branch or department and sends nothing without', async () => {
    renderSection();
    await openEditor();

    fireEvent.click(within(drawer()).getByLabelText('Филиалы и отделы'));
    save();

    expect(
      await within(drawer()).findByText('Выберите хотя бы один филиал или отдел'),
    ).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('returns a limited manager to the whole company without units', async () => {
    current = northUnits;
    renderSection();
    await openEditor();

    fireEvent.click(within(drawer()).getByLabelText(WHOLE_COMPANY));
    save();

    await waitFor(() => expect(puts()).toEqual([{ kind: 'COMPANY' }]));
  });

  it('shows the server’s 422 on its field and keeps what was chosen', async () => {
    onPut = () =>
      json(
        {
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Проверьте введённые данные',
          details: [{ field: 'departmentIds', message: 'Отдел не найден' }],
        },
        422,
      );
    renderSection();
    await openEditor();

    fireEvent.click(within(drawer()).getByLabelText('Филиалы и отделы'));
    await choose('Отделы', 'Продажи');
    save();

    const fieldError = await within(drawer()).findByText('Отдел не найден');
    expect(fieldError.closest('.ant-form-item')?.textContent).toContain('Отделы');
    // The drawer stays open with the choice in place.
    expect(within(drawer()).getByText('Продажи')).toBeTruthy();
    expect(puts()).toHaveLength(1);
  });

  it('does not offer branches the company hides', async () => {
    renderSection({ hideBranches: true });
    await openEditor();

    fireEvent.click(within(drawer()).getByLabelText('Выбранные отделы'));
    expect(await within(drawer()).findByLabelText('Отделы')).toBeTruthy();
    expect(within(drawer()).queryByLabelText('Филиалы')).toBeNull();
    save();
    expect(await within(drawer()).findByText('Выберите хотя бы один отдел')).toBeTruthy();
  });
});
