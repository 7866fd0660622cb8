import type { AdminDashboard } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
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

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('/dashboard (super admin)', () => {
  it('shows companies by state, people, today’s checks and the month’s payments in roubles', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter>
            <AdminDashboardRoute />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const breakdown = await screen.findByRole('list', { name: 'Компании по состоянию' });
    expect(plain(breakdown.textContent)).toBe('15 активные4 пробные2 заблокированные');
    const body = plain(document.body.textContent);
    expect(body).toContain('Компании17');
    expect(body).toContain('Пользователи412');
    expect(body).toContain('Сотрудники388');
    expect(body).toContain('Отметок сегодня230с 00:00 UTC');
    expect(body).toContain('Оплаты за месяц12 345 ₽3 оплаты в ноябре');
    expect(body).toContain('за 12 недель: 66 компаний');
    expect(screen.getByRole('link', { name: /Компании/ }).getAttribute('href')).toBe('/companies');
  });
});
