import type { ConfigEntry } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AppConfigRoute } from './app-config-route.tsx';
import { stubScreen } from '../../../test/screen.ts';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const entry = (overrides: Partial<ConfigEntry>): ConfigEntry => ({
  key: 'features.comments',
  type: 'boolean',
  value: true,
  description: '',
  companyOverridable: false,
  overrides: [],
  updatedAt: '2026-11-23T09:00:00.000Z',
  ...overrides,
});

let entries: ConfigEntry[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  entries = [
    entry({ key: 'analytics.enabled', description: 'События продукта записываются' }),
    entry({
      key: 'app.maintenanceBanner',
      type: 'string',
      value: '',
      description: 'Текст баннера',
    }),
    entry({
      key: 'features.comments',
      description: 'Комментарии к дням',
      companyOverridable: true,
      overrides: [{ companyId: 7, companyTitle: 'ООО Ромашка', value: false }],
    }),
  ];
  fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/v1/admin/config' && (!init?.method || init.method === 'GET')) {
      return Promise.resolve(new Response(JSON.stringify({ items: entries })));
    }
    const match = /^\/api\/v1\/admin\/config\/([^/]+)$/.exec(url);
    if (match && init?.method === 'PATCH') {
      const key = decodeURIComponent(match[1] ?? '');
      const body = JSON.parse(String(init.body)) as { value: ConfigEntry['value'] };
      entries = entries.map((item) => (item.key === key ? { ...item, value: body.value } : item));
      return Promise.resolve(
        new Response(JSON.stringify(entries.find((item) => item.key === key))),
      );
    }
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  // A wide screen: every min-width query matches, so the page shows its table.
  stubScreen('wide');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRoute() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter>
          <AppConfigRoute />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const patches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')
    .map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

describe('/settings/app-config', () => {
  it('lists the keys with their types, descriptions and company overrides', async () => {
    renderRoute();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(
        /^analytics\.enabledвстроенныйДа \/ нет.*События продукта записываются.*Общее для всех/,
      ),
      expect.stringMatching(
        /^app\.maintenanceBannerвстроенныйТекст.*Текст баннера.*Общее для всех/,
      ),
      expect.stringMatching(
        /^features\.commentsвстроенныйДа \/ нет.*Комментарии к дням.*1 компания/,
      ),
    ]);
  });

  it('saves a switch at once and a text with «Сохранить»', async () => {
    renderRoute();
    fireEvent.click(await screen.findByRole('switch', { name: 'Значение analytics.enabled' }));
    await waitFor(() =>
      expect(patches()).toEqual([['/api/v1/admin/config/analytics.enabled', { value: false }]]),
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Значение app.maintenanceBanner' }), {
      target: { value: 'Ночью обновление' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    await waitFor(() =>
      expect(patches()[1]).toEqual([
        '/api/v1/admin/config/app.maintenanceBanner',
        { value: 'Ночью обновление' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /Сохранить/ })).toBeNull());
  });
});
