import type { Company } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrganizationForm } from './organization-form.tsx';

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
  country: null,
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

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrganizationForm: «Проверки ТК РФ при планировании»', { timeout: 60_000 }, () => {
  it('shows the setting and saves «Запрещать»', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ ...company, planRuleEnforcement: 'BLOCK' }), {
          status: 200,
        }),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <OrganizationForm company={company} countries={[]} canEdit />
        </App>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Проверки ТК РФ при планировании')).toBeTruthy();
    expect((screen.getByLabelText('Предупреждать') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Запрещать'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/profile/company');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toMatchObject({ planRuleEnforcement: 'BLOCK' });
  });
});
