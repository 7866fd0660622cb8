import type { CorrectionRequest } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CorrectionRequestsTable } from './correction-requests-table.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

const base: CorrectionRequest = {
  id: 1,
  employeeId: 10,
  employeeName: 'Иванова А. П.',
  date: '2026-11-20',
  kind: 'MISSED_CHECK',
  branchId: 7,
  branchTitle: 'Центральный',
  checkIn: '09:00',
  checkOut: '18:00',
  code: null,
  minutes: null,
  comment: 'Телефон разрядился',
  status: 'PENDING',
  createdAt: '2026-11-21T07:00:00Z',
  decidedById: null,
  decidedByName: null,
  decidedAt: null,
  reason: null,
};

const page = (items: CorrectionRequest[]) => ({ items, total: items.length, page: 1, limit: 20 });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(base), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);

describe('the managers’ list of correction requests', { timeout: 60_000 }, () => {
  it('shows what is asked and the decision, and no buttons on one’s own request', () => {
    wrap(
      <CorrectionRequestsTable
        data={page([
          base,
          { ...base, id: 2, employeeId: 99, employeeName: 'Петров И. И.' },
          {
            ...base,
            id: 3,
            kind: 'DAY_CODE',
            checkIn: null,
            checkOut: null,
            branchId: null,
            branchTitle: null,
            code: 'К',
            minutes: 480,
            status: 'REJECTED',
            decidedByName: 'Смирнов С. С.',
            decidedAt: '2026-11-22T07:00:00Z',
            reason: 'Нет приказа о командировке',
          },
        ])}
        loading={false}
        empty={null}
        onPage={() => undefined}
        selfId={99}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Приход 09:00, уход 18:00')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Одобрить' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Одобрить' })).toBeNull();
    expect(within(rows[1]!).getByText('Рассмотрит другой руководитель')).toBeTruthy();
    expect(within(rows[2]!).getByText(/К \(06\) — Служебная командировка, 8 ч/)).toBeTruthy();
    expect(within(rows[2]!).getByText(/Нет приказа о командировке/)).toBeTruthy();
    expect(within(rows[2]!).getByText('Отклонено')).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    wrap(
      <CorrectionRequestsTable
        data={page([base])}
        loading={false}
        empty={null}
        onPage={() => undefined}
        selfId={null}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(await within(dialog).findByText('Укажите причину отказа')).toBeTruthy();
    expect(calls('/api/v1/correction-requests/1/reject')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Причина'), {
      target: { value: 'По камерам вас не было' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(calls('/api/v1/correction-requests/1/reject')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/v1/correction-requests/1/reject')[0]![1]!.body))).toEqual({
      reason: 'По камерам вас не было',
    });
  });

  it('approves after «Вы уверены?»', async () => {
    wrap(
      <CorrectionRequestsTable
        data={page([base])}
        loading={false}
        empty={null}
        onPage={() => undefined}
        selfId={null}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Одобрить' }));
    expect(calls('/api/v1/correction-requests/1/approve')).toEqual([]);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(calls('/api/v1/correction-requests/1/approve')).toHaveLength(1));
  });

  it('gives phones cards with the same decisions', () => {
    wrap(
      <CorrectionRequestsTable
        data={page([base])}
        loading={false}
        empty={null}
        onPage={() => undefined}
        selfId={null}
        isPhone
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByRole('listitem');
    expect(within(card).getByText('Иванова А. П.')).toBeTruthy();
    expect(within(card).getByText('Приход 09:00, уход 18:00')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Одобрить' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Отклонить' })).toBeTruthy();
  });
});
