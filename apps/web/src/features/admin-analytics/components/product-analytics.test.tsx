import type { AdminAnalytics } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductAnalytics } from './product-analytics.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const analytics: AdminAnalytics = {
  from: '2026-10-25',
  to: '2026-11-23',
  dailyActiveUsers: [
    { date: '2026-11-20', users: 12 },
    { date: '2026-11-21', users: 18 },
  ],
  weeklyActiveUsers: [{ weekStart: '2026-11-16', users: 25 }],
  activeCompanies: 4,
  topFeatures: [
    { name: 'check_recorded', events: 40 },
    { name: 'employee_created', events: 7 },
  ],
  topPages: [
    { route: '/company/employees', views: 120 },
    { route: '/custom/page', views: 3 },
  ],
  funnel: { registered: 20, withEmployee: 12, withCheck: 5 },
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock = vi.fn((_input: string) => Promise.resolve(new Response(JSON.stringify(analytics))));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('ProductAnalytics', () => {
  it('asks for the last 30 days and shows users, companies, features, pages and the funnel', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <ProductAnalytics today="2026-11-23" companyFilter={() => null} />
        </App>
      </QueryClientProvider>,
    );

    const funnel = await screen.findByRole('list', { name: 'Воронка регистрации' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/v1/admin/analytics?from=2026-10-25&to=2026-11-23',
    );
    expect(plain(funnel.textContent)).toBe(
      '1Зарегистрировались20 · 100 %2Добавили сотрудника12 · 60 %60 % от предыдущего шага3Первая отметка5 · 25 %42 % от предыдущего шага',
    );
    const features = screen.getByRole('list', { name: 'Популярные функции' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent)),
    ).toEqual(['Отметка вручную40', 'Добавлен сотрудник7']);
    const pages = screen.getByRole('list', { name: 'Популярные страницы' });
    expect(
      within(pages)
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent)),
    ).toEqual(['Сотрудники/company/employees120', '/custom/page3']);
    const body = plain(document.body.textContent);
    // 30 days with 30 users in all: one a day on average, 18 at most.
    expect(body).toContain('Пользователей в день1в среднем, максимум 18');
    expect(body).toContain('Пользователей за неделю25неделя с 2026-11-16');
    expect(body).toContain('Активных компаний4');
    expect(body).toContain('Новых компаний20');
  });
});
