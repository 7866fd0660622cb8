import { pushErrorMessages, type Company } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import * as push from '../../../features/notifications/push.ts';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as NotificationRoute } from './notification-route.tsx';
import { withSession } from '../../../test/session.ts';

vi.mock('../../../features/notifications/push.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof push>()),
  pushState: vi.fn(),
  enablePush: vi.fn(),
  disablePush: vi.fn(),
}));

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const company: Company = {
  id: 1,
  title: 'ООО Ромашка',
  email: 'office@romashka.ru',
  phone: '+74951234567',
  country: 'RU',
  timezone: 'Europe/Moscow',
  status: 'ACTIVE',
  userLimit: 50,
  paidUntil: null,
  isTrial: true,
  hideContacts: false,
  hideBranches: false,
  hideDepartments: false,
  notification: true,
  startNotificationBerofeMinutes: 15,
  endNotificationBerofeMinutes: 10,
  disableCommentNotifications: false,
  lateToleranceMinutes: 5,
  autoCloseMarginMinutes: 60,
  crossMidnightHours: 'SPLIT_BY_DATE',
  holidayShiftCode: 'РВ',
  overtimeApproval: 'AUTO',
  planRuleEnforcement: 'WARN',
  openShiftClaims: 'APPROVED_ONLY',
  schedulePublication: false,
  kioskPhoto: false,
  kioskPhotoRetentionDays: 30,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const fetchMock = vi.fn<typeof fetch>();
let role: 'ADMIN' | 'MANAGER' = 'ADMIN';
let current: Company = company;

function bodiesOf(path: string, method: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  role = 'ADMIN';
  current = { ...company };
  vi.mocked(push.pushState).mockResolvedValue({ status: 'disabled' });
  vi.mocked(push.enablePush).mockResolvedValue({ status: 'enabled' });
  vi.mocked(push.disablePush).mockResolvedValue({ status: 'disabled' });
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    withSession((input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Partial<Company>) : {};
      if (url === '/api/v1/profile/employee')
        return json({ id: 5, role, companyId: 1, status: 'ACTIVE', personnelNumber: null });
      if (url === '/api/v1/profile/company') return json(current);
      if (url === '/api/v1/profile')
        return json({ id: 3, firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' });
      if (url === '/api/v1/profile/company-notification-settings' && method === 'POST') {
        current = { ...current, ...body };
        return json(current);
      }
      if (url === '/api/v1/profile/update-comment-notification' && method === 'PUT') {
        current = { ...current, ...body };
        return json(current);
      }
      if (url === '/api/v1/notifications/test' && method === 'POST')
        return json({ subscriptions: 1 });
      return json({ message: `unexpected ${method} ${url}` }, 500);
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <NotificationRoute />
      </App>
    </QueryClientProvider>,
  );
}

function minutesField(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

describe('Notification settings page', { timeout: 60_000 }, () => {
  it('sends the company settings and the comment switch to their own endpoints', async () => {
    const success = vi.spyOn(notify, 'success');
    renderPage();
    const start = await screen.findByLabelText('Напоминать о начале смены за (мин)');
    expect((start as HTMLInputElement).value).toBe('15');

    fireEvent.change(start, { target: { value: '30' } });
    fireEvent.change(minutesField('Напоминать о конце смены за (мин)'), {
      target: { value: '0' },
    });
    fireEvent.click(
      screen.getByRole('switch', { name: 'Не присылать уведомления о комментариях' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Настройки уведомлений сохранены'));
    expect(bodiesOf('/api/v1/profile/company-notification-settings', 'POST')).toEqual([
      { notification: true, startNotificationBerofeMinutes: 30, endNotificationBerofeMinutes: 0 },
    ]);
    expect(bodiesOf('/api/v1/profile/update-comment-notification', 'PUT')).toEqual([
      { disableCommentNotifications: true },
    ]);
  });

  it('sends only what changed: switching notifications off', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Уведомления компании' }));
    await waitFor(() =>
      expect(minutesField('Напоминать о начале смены за (мин)').disabled).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(bodiesOf('/api/v1/profile/company-notification-settings', 'POST')).toEqual([
        {
          notification: false,
          startNotificationBerofeMinutes: 15,
          endNotificationBerofeMinutes: 10,
        },
      ]),
    );
    expect(bodiesOf('/api/v1/profile/update-comment-notification', 'PUT')).toEqual([]);
  });

  it('asks for the minutes and keeps them within a day', async () => {
    renderPage();
    const start = await screen.findByLabelText('Напоминать о начале смены за (мин)');
    fireEvent.change(start, { target: { value: '' } });
    fireEvent.change(minutesField('Напоминать о конце смены за (мин)'), {
      target: { value: '2000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Укажите число минут')).toBeTruthy();
    expect(await screen.findByText('Не больше 1440 минут (сутки)')).toBeTruthy();
    expect(bodiesOf('/api/v1/profile/company-notification-settings', 'POST')).toEqual([]);
  });

  it('shows a manager the settings read-only', async () => {
    role = 'MANAGER';
    renderPage();
    expect(
      await screen.findByText('Изменять настройки компании может только администратор'),
    ).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: 'Уведомления компании' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(minutesField('Напоминать о начале смены за (мин)').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    // This browser's push is the manager's own business.
    expect(await screen.findByRole('button', { name: /Включить/ })).toBeTruthy();
  });

  it('enables push in this browser and shows the Russian error when it fails', async () => {
    vi.mocked(push.enablePush).mockRejectedValueOnce(new push.PushError('permissionBlocked'));
    renderPage();
    expect(await screen.findByText('выключены')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: /Включить/ }));
    expect(await screen.findByText(pushErrorMessages.permissionBlocked)).toBeTruthy();
    expect(push.enablePush).toHaveBeenCalledWith(3);

    fireEvent.click(screen.getByRole('button', { name: /Включить/ }));
    expect(await screen.findByText('включены')).toBeTruthy();
    expect(screen.queryByText(pushErrorMessages.permissionBlocked)).toBeNull();

    // The leaving loading icon may still be in the button's name for a moment.
    fireEvent.click(screen.getByRole('button', { name: /Отключить/ }));
    await waitFor(() => expect(push.disablePush).toHaveBeenCalledWith(3));
    expect(await screen.findByText('выключены')).toBeTruthy();
  });

  it('tells when notifications are blocked or unsupported in this browser', async () => {
    vi.mocked(push.pushState).mockResolvedValueOnce({ status: 'denied' });
    renderPage();
    expect(await screen.findByText('запрещены в браузере')).toBeTruthy();
    cleanup();

    vi.mocked(push.pushState).mockResolvedValueOnce({
      status: 'unsupported',
      reason: 'unsupportedBrowser',
    });
    renderPage();
    expect(await screen.findByText('не поддерживаются')).toBeTruthy();
    expect(screen.getByText(pushErrorMessages.unsupportedBrowser)).toBeTruthy();
  });

  it('sends a test notification', async () => {
    const success = vi.spyOn(notify, 'success');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Отправить тестовое уведомление/ }));
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    expect(success.mock.calls[0]![0]).toMatch(/^Тестовое уведомление отправлено/);
    expect(
      fetchMock.mock.calls.filter(
        ([url, init]) => url === '/api/v1/notifications/test' && init?.method === 'POST',
      ),
    ).toHaveLength(1);
  });
});
