import type { DeviationItem, Deviations } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreen } from '../../../test/screen.ts';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as DeviationsRoute } from './deviations-route.tsx';
import { withSession } from '../../../test/session.ts';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function item(
  employeeId: number,
  employeeName: string,
  date: string,
  type: DeviationItem['type'],
  amount: number | null,
  extra: Partial<DeviationItem> = {},
): DeviationItem {
  return {
    kind: 'DEVIATION',
    key: `${employeeId}:${date}:${type}`,
    employeeId,
    employeeName,
    date,
    type,
    amount,
    status: 'NEW',
    resolution: null,
    actions: [],
    ...extra,
  };
}

const inbox: Deviations = {
  from: '2026-03-01',
  to: '2026-03-31',
  items: [
    item(1, 'Иванов Иван', '2026-03-02', 'LATE', 60),
    item(2, 'Петрова Анна', '2026-03-02', 'OVERTIME', 120),
    item(1, 'Иванов Иван', '2026-03-04', 'ABSENCE', null, {
      status: 'RESOLVED',
      resolution: 'SET_CODE',
      actions: [
        {
          action: 'SET_CODE',
          code: 'ПР',
          comment: 'Прогул',
          actedByName: 'Петрова Анна',
          createdAt: '2026-03-05T10:00:00.000Z',
        },
      ],
    }),
  ],
  newByType: { LATE: 1, OVERTIME: 1 },
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const page = (items: unknown[]) => json({ items, total: items.length, page: 1, limit: 1000 });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  stubScreen('wide');
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    withSession((input, init) => {
      const url = String(input);
      if (url === '/api/v1/profile/employee')
        return json({
          id: 5,
          role: 'ADMIN',
          companyId: 1,
          status: 'ACTIVE',
          personnelNumber: null,
        });
      if (url === '/api/v1/profile/company')
        return json({ id: 1, title: 'ООО Ромашка', timezone: 'Europe/Moscow' });
      if (url === '/api/v1/profile')
        return json({ id: 3, firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' });
      if (url.startsWith('/api/v1/branches')) return page([{ id: 2, title: 'Центральный' }]);
      if (url.startsWith('/api/v1/departments')) return page([{ id: 3, title: 'Склад' }]);
      if (url.startsWith('/api/v1/positions')) return page([]);
      if (url.startsWith('/api/v1/employees')) return page([]);
      if (url === '/api/v1/deviations/actions' && init?.method === 'POST')
        return json({
          succeeded: 1,
          failed: [
            {
              employeeId: 2,
              date: '2026-03-02',
              name: 'Петрова Анна',
              reason: 'Это действие не подходит к отклонению',
            },
          ],
        });
      if (url.startsWith('/api/v1/deviations?')) return json(inbox);
      return json({ message: `unexpected ${url}` }, 500);
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

function renderPage(search = '?from=2026-03-01&to=2026-03-31') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[`/company/deviations${search}`]}>
          <DeviationsRoute />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('Deviations page', { timeout: 60_000 }, () => {
  it('asks for the period and filters of the address and lists the deviations with their status', async () => {
    renderPage('?from=2026-03-01&to=2026-03-31&type=LATE&status=NEW');
    expect(await screen.findAllByText('Иванов Иван')).toHaveLength(2);
    const call = fetchMock.mock.calls.find(([url]) =>
      String(url).startsWith('/api/v1/deviations?'),
    );
    expect(String(call?.[0])).toBe(
      '/api/v1/deviations?from=2026-03-01&to=2026-03-31&type=LATE&status=NEW',
    );
    expect(screen.getByText('· на 1 ч', { exact: false })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByText('Новое')).toHaveLength(2);
    expect(within(table).getByText('Решено')).toBeTruthy();
    expect(screen.getByText('Прогул · Петрова Анна, 2026-03-05')).toBeTruthy();
    expect(screen.getByText('3 записей')).toBeTruthy();
  });

  it('acts on the picked rows with a reason and shows what was refused', async () => {
    renderPage();
    await screen.findAllByText('Иванов Иван');
    const rows = screen.getAllByRole('row');
    const late = rows.find((row) => within(row).queryByText('Опоздание'))!;
    const overtime = rows.find((row) => within(row).queryByText('Переработка'))!;
    fireEvent.click(within(late).getByRole('checkbox'));
    fireEvent.click(within(overtime).getByRole('checkbox'));
    const bar = await screen.findByRole('toolbar', { name: 'Действия с выбранными отклонениями' });
    expect(within(bar).getByText('Выбрано: 2 отклонения')).toBeTruthy();
    // Overtime approval fits only overtime: not offered for a mix.
    expect(within(bar).queryByRole('button', { name: 'Сверхурочные согласованы' })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Причина уважительная' }));

    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Причина'), {
      target: { value: 'Согласовано заранее' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Причина уважительная' }));
    expect(await within(dialog).findByText('Успешно: 1 · Не выполнено: 1')).toBeTruthy();
    expect(within(dialog).getByText('Это действие не подходит к отклонению')).toBeTruthy();

    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/deviations/actions');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      items: [
        { employeeId: 1, date: '2026-03-02', type: 'LATE' },
        { employeeId: 2, date: '2026-03-02', type: 'OVERTIME' },
      ],
      action: 'EXCUSE',
      comment: 'Согласовано заранее',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('toolbar', { name: 'Действия с выбранными отклонениями' }),
      ).toBeNull(),
    );
  });

  it('asks for a code before setting one', async () => {
    renderPage();
    await screen.findAllByText('Иванов Иван');
    const late = screen.getAllByRole('row').find((row) => within(row).queryByText('Опоздание'))!;
    fireEvent.click(within(late).getByRole('button', { name: /^Действия:/ }));
    fireEvent.click(await screen.findByText('Код табеля'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Причина'), { target: { value: 'Прогул' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Код табеля' }));
    expect(await within(dialog).findByText('Выберите код табеля')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/deviations/actions')).toBe(
      false,
    );
  });
});
