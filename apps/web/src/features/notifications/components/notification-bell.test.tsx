import type { Notification, NotificationsPage } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { NotificationBell } from './notification-bell.tsx';
import { stubScreen } from '../../../test/screen.ts';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

let notifications: Notification[] = [];

function page(limit: number): NotificationsPage {
  return {
    items: notifications.slice(0, limit),
    total: notifications.length,
    page: 1,
    limit,
    unread: notifications.filter((notification) => !notification.read).length,
  };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const fetchMock = vi.fn<typeof fetch>();

function requestsTo(path: string, method = 'GET') {
  return fetchMock.mock.calls.filter(
    ([url, init]) => String(url).startsWith(path) && (init?.method ?? 'GET') === method,
  );
}

/** A wide screen (the popover) instead of the setup's phone-sized media queries. */
const stubWideScreen = () => stubScreen('wide');

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  notifications = [
    {
      id: 3,
      kind: 'COMMENT',
      title: 'Новый комментарий: Ходоков Пётр',
      body: 'Задержусь на 10 минут, пробки',
      url: '/company/employees/12?tab=comments',
      read: false,
      createdAt: minutesAgo(5),
    },
    {
      id: 2,
      kind: 'LATE',
      title: 'Опоздание: Иванова Анна',
      body: 'Пришла в 09:17, смена с 09:00',
      url: '/company/checks',
      read: false,
      createdAt: minutesAgo(3 * 60),
    },
    {
      id: 1,
      kind: 'TEST',
      title: 'Проверка уведомлений',
      body: 'Так выглядят уведомления Смены',
      url: '/company/profile/notification',
      read: true,
      createdAt: '2026-01-15T08:30:00.000Z',
    },
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/notifications' && method === 'GET') {
      return json(page(Number(url.searchParams.get('limit') ?? 20)));
    }
    if (url.pathname === '/api/v1/notifications/read' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { ids?: number[] };
      let marked = 0;
      notifications = notifications.map((notification) => {
        if (notification.read || (body.ids && !body.ids.includes(notification.id))) {
          return notification;
        }
        marked += 1;
        return { ...notification, read: true };
      });
      return json({ marked });
    }
    return json({ message: `unexpected ${method} ${url.pathname}` }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

function CurrentPath() {
  const location = useLocation();
  return <output aria-label="Текущий адрес">{`${location.pathname}${location.search}`}</output>;
}

function renderBell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={['/company/dashboard']}>
          <NotificationBell />
          <Routes>
            <Route path="*" element={<CurrentPath />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('NotificationBell', { timeout: 60_000 }, () => {
  it('shows the unread count from the smallest page', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Уведомления: 2 непрочитанных' });
    expect(within(bell).getByText('2')).toBeTruthy();
    expect(requestsTo('/api/v1/notifications?limit=1')).toHaveLength(1);
  });

  it('lists notifications newest first, unread marked, with kind and relative time', async () => {
    stubWideScreen();
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /^Уведомления: 2/ }));

    const list = await screen.findByRole('list', { name: 'Список уведомлений' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.querySelector('.smena-notice__title')?.textContent)).toEqual([
      'Новое: Новый комментарий: Ходоков Пётр',
      'Новое: Опоздание: Иванова Анна',
      'Проверка уведомлений',
    ]);
    expect(items[0]!.className).toContain('smena-notice--unread');
    expect(items[2]!.className).not.toContain('smena-notice--unread');
    expect(within(items[0]!).getByText('Комментарий')).toBeTruthy();
    expect(within(items[0]!).getByText('5 мин назад')).toBeTruthy();
    expect(within(items[1]!).getByText('3 ч назад')).toBeTruthy();
    expect(within(items[2]!).getByText('2026-01-15')).toBeTruthy();
  });

  it('marks a notification read and opens its page when clicked', async () => {
    stubWideScreen();
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /^Уведомления: 2/ }));
    fireEvent.click(await screen.findByText('Новый комментарий: Ходоков Пётр'));

    await waitFor(() =>
      expect(screen.getByLabelText('Текущий адрес').textContent).toBe(
        '/company/employees/12?tab=comments',
      ),
    );
    await waitFor(() => expect(requestsTo('/api/v1/notifications/read', 'POST')).toHaveLength(1));
    const [, init] = requestsTo('/api/v1/notifications/read', 'POST')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ ids: [3] });
    expect(
      await screen.findByRole('button', { name: 'Уведомления: 1 непрочитанное' }),
    ).toBeTruthy();
  });

  it('marks everything read at once, in a full-width drawer on a phone', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /^Уведомления: 2/ }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('Опоздание: Иванова Анна');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Отметить все прочитанными' }));
    await waitFor(() => expect(requestsTo('/api/v1/notifications/read', 'POST')).toHaveLength(1));
    const [, init] = requestsTo('/api/v1/notifications/read', 'POST')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({});
    expect(await screen.findByRole('button', { name: 'Уведомления' })).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.smena-notice--unread')).toHaveLength(0));
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    stubWideScreen();
    renderBell();
    const bell = await screen.findByRole('button', { name: /^Уведомления: 2/ });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Уведомления' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(bell.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(bell);
  });

  it('says so when there is nothing yet', async () => {
    notifications = [];
    stubWideScreen();
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Уведомления' }));
    expect(await screen.findByText('Уведомлений пока нет')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отметить все прочитанными' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
