import type { MonthPeriod } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { monthPeriodQueryOf } from '../api/month-periods.ts';
import { MonthPeriodBar } from './month-period-bar.tsx';

const base: MonthPeriod = {
  month: '2026-05',
  unit: { kind: 'BRANCH', id: 3, title: 'Северный' },
  status: 'DRAFT',
  submittedBy: null,
  submittedAt: null,
  approvedBy: null,
  approvedAt: null,
  reopenedBy: null,
  reopenedAt: null,
  reopenReason: null,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const fetchMock = vi.fn<typeof fetch>();
let current: MonthPeriod = base;

function posts(step: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) => String(url) === `/api/v1/month-periods/${step}` && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

function renderBar(
  isAdmin: boolean,
  filters: { branchId?: number; departmentId?: number } = { branchId: 3 },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MonthPeriodBar month="2026-05" {...filters} isAdmin={isAdmin} zone="Europe/Moscow" />
      </App>
    </QueryClientProvider>,
  );
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  current = base;
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url.startsWith('/api/v1/month-periods?'))
      return json({ month: '2026-05', items: [current] });
    if (url === '/api/v1/month-periods/submit') {
      current = {
        ...current,
        status: 'SUBMITTED',
        submittedBy: { id: 8, name: 'Сидоров Олег' },
        submittedAt: '2026-06-01T07:30:00.000Z',
      };
      return json(current);
    }
    if (url === '/api/v1/month-periods/reopen') {
      const body = JSON.parse(String(init?.body)) as { reason: string };
      current = {
        ...base,
        reopenedBy: { id: 1, name: 'Иванова Анна' },
        reopenedAt: '2026-06-03T09:00:00.000Z',
        reopenReason: body.reason,
      };
      return json(current);
    }
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

describe('MonthPeriodBar', () => {
  it('keys the month by exactly one unit of the filters', () => {
    expect(monthPeriodQueryOf({ month: '2026-05', branchId: 3 })).toEqual({
      month: '2026-05',
      branchId: 3,
    });
    expect(monthPeriodQueryOf({ month: '2026-05', departmentId: 4 })).toEqual({
      month: '2026-05',
      departmentId: 4,
    });
    expect(monthPeriodQueryOf({ month: '2026-05' })).toBeNull();
    expect(monthPeriodQueryOf({ month: '2026-05', branchId: 3, departmentId: 4 })).toBeNull();
  });

  it('asks for a branch or a department when none is chosen, without a request', () => {
    renderBar(false, {});
    expect(
      screen.getByText('Чтобы передать месяц на утверждение, выберите филиал или отдел'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets a manager submit a draft, then shows who submitted and when; no approval for them', async () => {
    renderBar(false);
    expect(await screen.findByText('Черновик')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Передать на утверждение' }));
    expect(await screen.findByText('Передан на утверждение')).toBeTruthy();
    expect(posts('submit')).toEqual([{ month: '2026-05', branchId: 3 }]);
    expect(screen.getByText('Передал: Сидоров Олег, 2026-06-01 10:30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Утвердить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Открыть заново' })).toBeNull();
  });

  it('shows an approved month to the admin, who reopens it with a reason', async () => {
    current = {
      ...base,
      status: 'APPROVED',
      submittedBy: { id: 8, name: 'Сидоров Олег' },
      submittedAt: '2026-06-01T07:30:00.000Z',
      approvedBy: { id: 1, name: 'Иванова Анна' },
      approvedAt: '2026-06-02T08:00:00.000Z',
    };
    renderBar(true);
    expect(await screen.findByText('Утверждён')).toBeTruthy();
    expect(screen.getByText('Утвердил: Иванова Анна, 2026-06-02 11:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Открыть заново' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Открыть заново' }));
    expect(await within(dialog).findByText('Укажите причину')).toBeTruthy();
    expect(posts('reopen')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Причина'), {
      target: { value: 'Исправить отпуск' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Открыть заново' }));
    await waitFor(() =>
      expect(posts('reopen')).toEqual([
        { month: '2026-05', branchId: 3, reason: 'Исправить отпуск' },
      ]),
    );
    expect(await screen.findByText('Черновик')).toBeTruthy();
  });
});
