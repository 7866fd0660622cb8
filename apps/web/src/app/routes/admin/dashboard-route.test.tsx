import type { AdminDashboard } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTokens, setTokens } from '../../../lib/token-storage.ts';
import { Component as AdminDashboardRoute } from './dashboard-route.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const dashboard: AdminDashboard = {
  generatedAt: '2026-11-23T09:00:00.000Z',
  companies: { total: 17, active: 15, trial: 4, blocked: 2 },
  users: 412,
  employees: 388,
  checksToday: 230,
  paymentsThisMonth: { count: 3, amountKopecks: 1_234_500 },
  newCompaniesPerWeek: Array.from({ length: 12 }, (_, index) => ({
    weekStart: `2026-${index < 5 ? '09' : '10'}-0${(index % 5) + 1}`,
    count: index,
  })),
};

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        String(input) === '/api/v1/admin/dashboard'
          ? new Response(JSON.stringify(dashboard))
          : new Response('{}', { status: 500 }),
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  clearAllTokens();
  vi.unstubAllGlobals();
});

function renderDashboard() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter>
          <AdminDashboardRoute />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('/dashboard (super admin)', () => {
  it('shows companies by state, people, today’s checks and the month’s payments in roubles', async () => {
    renderDashboard();
    const breakdown = await screen.findByRole('list', { name: 'Компании по состоянию' });
    expect(plain(breakdown.textContent)).toBe('15 активные4 пробные2 заблокированные');
    const body = plain(document.body.textContent);
    expect(body).toContain('Компании17');
    expect(body).toContain('Пользователи412');
    expect(body).toContain('Сотрудники388');
    expect(body).toMatch(/Отметок сегодня230с \d\d:\d\d по вашему времени/);
    expect(body).toContain('Оплаты за месяц12 345 ₽3 оплаты в ноябре');
    expect(body).toContain('за 12 недель: 66 компаний');
    expect(screen.getByRole('link', { name: /Компании/ }).getAttribute('href')).toBe('/companies');
  });

  it('warns the super admin while the operator’s requisites are not set, and only then', async () => {
    const config = (operator: unknown) =>
      vi.fn((input: string) =>
        Promise.resolve(
          String(input) === '/api/v1/admin/dashboard'
            ? new Response(JSON.stringify(dashboard))
            : String(input) === '/api/v1/config/public'
              ? new Response(JSON.stringify({ operator }))
              : new Response('{}', { status: 500 }),
        ),
      );

    vi.stubGlobal('fetch', config(null));
    renderDashboard();
    expect(await screen.findByText('Реквизиты оператора не заданы')).toBeTruthy();
    cleanup();

    const named = config({
      name: 'ООО «Смена»',
      inn: null,
      ogrn: null,
      address: null,
      email: null,
      phone: null,
    });
    vi.stubGlobal('fetch', named);
    renderDashboard();
    await screen.findByRole('list', { name: 'Компании по состоянию' });
    await waitFor(() =>
      expect(named.mock.calls.some(([url]) => String(url) === '/api/v1/config/public')).toBe(true),
    );
    expect(screen.queryByText('Реквизиты оператора не заданы')).toBeNull();
  });
});
