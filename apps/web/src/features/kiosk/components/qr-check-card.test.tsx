import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore, type QueuedItem } from '../offline-queue.ts';
import type { QueuedScan } from '../use-qr-queue.ts';
import { QrCheckCard } from './qr-check-card.tsx';

const fetchMock = vi.fn<typeof fetch>();
let onLine = true;

beforeEach(() => {
  onLine = true;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const scan = (key: string, counter: number, owner = '1:7'): QueuedItem<QueuedScan> => ({
  key,
  counter,
  deviceAt: '2026-11-26T09:02:00.000+03:00',
  owner,
  payload: { payload: `SMK1.3.${counter}.sig` },
});

const renderCard = (items: QueuedItem<QueuedScan>[]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <QrCheckCard owner="1:7" queueStore={memoryStore(items)} />
    </QueryClientProvider>,
  );

describe('QrCheckCard offline queue', () => {
  it('says a scan waits to be sent while the phone is offline', async () => {
    onLine = false;
    renderCard([scan('a', 1), scan('b', 2, '1:8')]);
    expect(await screen.findByText('Отметка по QR ожидает отправки')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the owner’s scans when online and shows a refusal until closed', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as {
        items: { idempotencyKey: string; counter: number }[];
      };
      return new Response(
        JSON.stringify({
          clockSkewMs: 0,
          clockSkewed: false,
          items: body.items.map((item) => ({
            idempotencyKey: item.idempotencyKey,
            counter: item.counter,
            status: 'REFUSED',
            result: null,
            message: 'QR-код устарел: отсканируйте код, который сейчас на экране киоска',
          })),
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    });
    renderCard([scan('a', 1), scan('b', 2, '1:8')]);
    expect(await screen.findByText(/QR-код устарел/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/checks/kiosk-qr/batch');
    const sent = JSON.parse(String(init?.body)) as { items: { idempotencyKey: string }[] };
    // Another person's scan on the same phone is not sent with this session.
    expect(sent.items.map((item) => item.idempotencyKey)).toEqual(['a']);
    await waitFor(() => expect(screen.queryByText(/ожидает отправки/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /close|Закрыть/i }));
    await waitFor(() => expect(screen.queryByText(/QR-код устарел/)).toBeNull());
  });
});
