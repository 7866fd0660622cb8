import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfferSwapModal } from './offer-swap-modal.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

const SHIFT = { date: '2026-12-03', start: '09:00', end: '15:00', breakMinutes: 0 };
const fetchMock = vi.fn<typeof fetch>();
let offerAnswer: () => Response;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  offerAnswer = () => new Response(JSON.stringify({ id: 1 }), { status: 201 });
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') return Promise.resolve(offerAnswer());
    if (path === '/api/v1/shift-swaps/colleagues')
      return Promise.resolve(
        new Response(JSON.stringify({ items: [{ id: 7, name: 'Сидорова Ольга' }] })),
      );
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const offers = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('«Отдать смену»', { timeout: 60_000 }, () => {
  it('offers to anyone eligible by default', async () => {
    const onClose = vi.fn();
    wrap(<OfferSwapModal open shift={SHIFT} onClose={onClose} />);
    expect(screen.getByText('2026-12-03, чт, 09:00–15:00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: 'Заболел' } });
    fireEvent.click(screen.getByRole('button', { name: 'Предложить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(offers()).toEqual([
      { date: '2026-12-03', start: '09:00', toEmployeeId: null, comment: 'Заболел' },
    ]);
  });

  it('asks for the colleague when one is to be named, and shows the server’s refusal under it', async () => {
    offerAnswer = () =>
      new Response(
        JSON.stringify({
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'Ошибка',
          details: [{ field: 'toEmployeeId', message: 'Коллега не может взять смену' }],
        }),
        { status: 422 },
      );
    wrap(<OfferSwapModal open shift={SHIFT} onClose={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Конкретному коллеге'));
    await screen.findByText('Коллега');
    fireEvent.click(screen.getByRole('button', { name: 'Предложить' }));
    expect(await screen.findByText('Выберите коллегу')).toBeTruthy();
    expect(offers()).toHaveLength(0);

    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('Сидорова Ольга'));
    fireEvent.click(screen.getByRole('button', { name: 'Предложить' }));
    expect(await screen.findByText('Коллега не может взять смену')).toBeTruthy();
    expect(offers()).toEqual([
      { date: '2026-12-03', start: '09:00', toEmployeeId: 7, comment: '' },
    ]);
  });
});
