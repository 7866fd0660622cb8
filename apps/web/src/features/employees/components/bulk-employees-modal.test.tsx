import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import BulkEmployeesModal, { type BulkEmployeesModalProps } from './bulk-employees-modal.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

function renderModal(props: Partial<BulkEmployeesModalProps>) {
  const onApplied = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <BulkEmployeesModal
          action="dismiss"
          target={{ employeeIds: [5, 6], count: 2 }}
          options={{ branches: [], departments: [], positions: [], isLoading: false }}
          hideBranches={false}
          hideDepartments={false}
          fullScreen={false}
          onClose={() => undefined}
          onApplied={onApplied}
          {...props}
        />
      </App>
    </QueryClientProvider>,
  );
  return { onApplied };
}

function bulkRequest() {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/employees/bulk'));
  if (!call) throw new Error('no bulk request');
  return JSON.parse(String(call[1]?.body)) as Record<string, unknown>;
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  fetchMock.mockImplementation((url) =>
    String(url).includes('/schedules')
      ? json({ items: [{ id: 3, title: 'Пятидневка' }], total: 1, page: 1, limit: 1000 })
      : json({
          succeeded: 1,
          failed: [{ employeeId: 6, name: 'Петров Иван', reason: 'Сотрудник уже уволен' }],
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

describe('BulkEmployeesModal', () => {
  it('dismisses the employees picked and lists the refused ones with the reason', async () => {
    const { onApplied } = renderModal({});
    expect(screen.getByText('Вы уверены?')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Причина'), { target: { value: 'Сокращение' } });
    fireEvent.click(screen.getByRole('button', { name: 'Уволить' }));
    expect(await screen.findByText('Успешно: 1 · Не выполнено: 1')).toBeTruthy();
    expect(screen.getByText('Петров Иван')).toBeTruthy();
    expect(screen.getByText('Сотрудник уже уволен')).toBeTruthy();
    expect(bulkRequest()).toEqual({
      action: 'dismiss',
      employeeIds: [5, 6],
      dismissedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reason: 'Сокращение',
    });
    expect(onApplied).toHaveBeenCalled();
  });

  it('sends the list’s filter for «all matching the filter»', async () => {
    renderModal({
      action: 'resendInvitations',
      target: { filter: { search: 'Иван', status: 'ACTIVE' }, count: 40 },
    });
    expect(screen.getByText(/Все по фильтру: 40 сотрудников/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() =>
      expect(bulkRequest()).toEqual({
        action: 'resendInvitations',
        filter: { search: 'Иван', status: 'ACTIVE' },
      }),
    );
  });

  it('asks for at least one thing to change when moving', async () => {
    renderModal({ action: 'move' });
    fireEvent.click(screen.getByRole('button', { name: 'Перевести' }));
    expect(await screen.findByText('Укажите филиал, отдел или должность')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/employees/bulk'))).toBe(
      false,
    );
  });
});
