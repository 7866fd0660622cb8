import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimWithShift } from '@smena/contract';
import { ClaimsList, availabilityWarning } from './manager-lists.tsx';

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

const claim: ClaimWithShift = {
  id: 21,
  openShiftId: 5,
  employeeId: 3,
  employeeName: 'Иванов Пётр',
  status: 'PENDING',
  createdAt: '2026-11-26T08:00:00.000Z',
  decidedByName: null,
  decidedAt: null,
  reason: null,
  availability: {
    date: '2026-12-03',
    kind: 'UNAVAILABLE',
    start: null,
    end: null,
    comment: 'Экзамен',
  },
  shift: {
    id: 5,
    branchId: 1,
    branchTitle: 'Тверская',
    positionId: null,
    positionTitle: null,
    date: '2026-12-03',
    start: '10:00',
    end: '16:00',
    breakMinutes: 0,
    headcount: 1,
    filled: 0,
    comment: '',
    status: 'OPEN',
    postedByName: null,
    createdAt: '2026-11-26T08:00:00.000Z',
  },
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = path === '/api/v1/open-shift-claims' ? { items: [claim] } : claim;
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sent = (path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path,
  );

describe('the manager’s claims', { timeout: 60_000 }, () => {
  it('warns of «Не могу» and approves only after «Всё равно одобрить?»', async () => {
    wrap(<ClaimsList selfId={99} />);
    const item = (await screen.findByText('Иванов Пётр')).closest('li')!;
    expect(
      within(item).getByText('Сотрудник отметил на эту дату: «Не могу» (Экзамен)'),
    ).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Одобрить' }));
    expect(await screen.findByText('Всё равно одобрить?')).toBeTruthy();
    expect(sent('/api/v1/open-shift-claims/21/approve')).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(sent('/api/v1/open-shift-claims/21/approve')).toHaveLength(1));
  });

  it('rejects with a reason of at least 3 characters', async () => {
    wrap(<ClaimsList selfId={99} />);
    const item = (await screen.findByText('Иванов Пётр')).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(await within(dialog).findByText('Укажите причину (хотя бы 3 символа)')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Причина'), {
      target: { value: 'Нужен кассир' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(sent('/api/v1/open-shift-claims/21/reject')).toHaveLength(1));
    const [, init] = sent('/api/v1/open-shift-claims/21/reject')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Нужен кассир' });
  });

  it('offers no decision on the manager’s own claim', async () => {
    wrap(<ClaimsList selfId={3} />);
    const item = (await screen.findByText('Иванов Пётр')).closest('li')!;
    expect(within(item).queryByRole('button', { name: 'Одобрить' })).toBeNull();
  });

  it('words a partial-day mark with its hours', () => {
    expect(
      availabilityWarning({
        date: '2026-12-03',
        kind: 'PREFER_NOT',
        start: '10:00',
        end: '14:00',
        comment: '',
      }),
    ).toBe('Сотрудник отметил на эту дату: «Хотел бы не работать» с 10:00 до 14:00');
  });
});
