import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsPreferenceSwitch } from './analytics-preference-switch.tsx';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn((_input: string, init?: RequestInit) =>
    Promise.resolve(
      new Response(init?.method === 'PUT' ? String(init.body) : JSON.stringify({ enabled: true })),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnalyticsPreferenceSwitch', () => {
  it('shows the person’s choice and switches the statistics off', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter>
            <AnalyticsPreferenceSwitch />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const toggle = screen.getByRole('switch', {
      name: 'Отправлять обезличенную статистику использования',
    });
    // Loaded: the switch is no longer busy.
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);

    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/profile/analytics');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({ enabled: false });
    expect(screen.getByRole('link', { name: 'Подробнее' }).getAttribute('href')).toBe('/privacy');
  });
});
