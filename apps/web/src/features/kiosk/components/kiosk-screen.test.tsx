import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore, type QueuedItem } from '../offline-queue.ts';
import type { KioskPin } from '../use-kiosk-queue.ts';
import { KioskScreen } from './kiosk-screen.tsx';

const kiosk = {
  token: `smkk_${'a'.repeat(43)}`,
  qrSecret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA',
  deviceId: 3,
  title: 'Планшет у проходной',
  branchTitle: 'Склад на Лесной',
  timezone: 'Europe/Moscow',
  companyName: 'ООО Ромашка',
};

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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const queued = (key: string, counter: number, personnelNumber = '17'): QueuedItem<KioskPin> => ({
  key,
  counter,
  deviceAt: '2026-11-26T09:02:00.000+03:00',
  owner: String(kiosk.deviceId),
  payload: { personnelNumber, pin: '4927' },
});

const press = (...keys: string[]) => {
  for (const key of keys) fireEvent.click(screen.getByRole('button', { name: key }));
};

describe('KioskScreen offline', () => {
  it('shows how many punches wait to be sent while there is no network', async () => {
    onLine = false;
    render(
      <KioskScreen
        kiosk={kiosk}
        offsetMs={0}
        online={false}
        onRevoked={vi.fn()}
        queueStore={memoryStore([queued('a', 1), queued('b', 2)])}
      />,
    );
    expect(await screen.findByText('Ожидают отправки: 2')).toBeTruthy();
    expect(screen.getByText(/отметки по PIN сохраняются на устройстве/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a PIN punch when the network fails, and says the server will check it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const store = memoryStore<KioskPin>();
    render(
      <KioskScreen kiosk={kiosk} offsetMs={0} online onRevoked={vi.fn()} queueStore={store} />,
    );
    press('Ввести PIN', '1', '7', 'Далее', '4', '9', '2', '7', 'Отметиться');
    expect(
      await screen.findByText('Отметка сохранена и будет отправлена, когда появится связь'),
    ).toBeTruthy();
    expect(await screen.findByText('Ожидают отправки: 1')).toBeTruthy();
    const [item] = await store.all();
    expect(item).toMatchObject({ counter: 1, payload: { personnelNumber: '17', pin: '4927' } });
  });

  it('sends the queue in order when online and lists what the server refused', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as {
        items: { idempotencyKey: string; counter: number }[];
      };
      return json(200, {
        clockSkewMs: 0,
        clockSkewed: false,
        items: body.items.map((item) => ({
          idempotencyKey: item.idempotencyKey,
          counter: item.counter,
          status: item.counter === 1 ? 'REFUSED' : 'ACCEPTED',
          result: null,
          message: item.counter === 1 ? 'Неверный табельный номер или PIN' : null,
        })),
      });
    });
    render(
      <KioskScreen
        kiosk={kiosk}
        offsetMs={0}
        online
        onRevoked={vi.fn()}
        queueStore={memoryStore([queued('b', 2, '18'), queued('a', 1, '17')])}
      />,
    );
    expect(
      await screen.findByText(/Не принято: таб\. № 17.*Неверный табельный номер или PIN/),
    ).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/kiosk/punches/batch');
    const sent = JSON.parse(String(init?.body)) as { items: { counter: number }[] };
    expect(sent.items.map((item) => item.counter)).toEqual([1, 2]);
    await waitFor(() => expect(screen.queryByText(/Ожидают отправки/)).toBeNull());
    press('Понятно');
    expect(screen.queryByText(/Не принято/)).toBeNull();
  });
});

describe('KioskScreen photo at a PIN punch (decision 034)', () => {
  const punched = (photo: { token: string; expiresAt: string } | null) => ({
    direction: 'IN',
    employeeName: 'Иванов И.',
    branchTitle: kiosk.branchTitle,
    time: '09:02',
    at: '2026-11-26T06:02:00.000Z',
    checkId: 41,
    repeated: false,
    photo,
  });
  const PHOTO_TOKEN = 'T'.repeat(43);

  it('takes one frame only when the server asks, and sends it with the punch’s token', async () => {
    const frame = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    const capture = vi.fn(async () => frame);
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/kiosk/photo')
        ? json(201, { result: 'stored' })
        : json(200, punched({ token: PHOTO_TOKEN, expiresAt: '2026-11-26T06:04:00.000Z' })),
    );
    render(
      <KioskScreen
        kiosk={kiosk}
        offsetMs={0}
        online
        onRevoked={vi.fn()}
        queueStore={memoryStore<KioskPin>()}
        photoAtPin
        capturePhoto={capture}
      />,
    );
    expect(
      screen.getByText(/киоск делает фото — только тех, кто дал на это согласие/),
    ).toBeTruthy();
    press('Ввести PIN', '1', '7', 'Далее', '4', '9', '2', '7', 'Отметиться');
    expect(await screen.findByText('Приход 09:02')).toBeTruthy();
    expect(await screen.findByText('Фото к отметке сохранено')).toBeTruthy();
    expect(capture).toHaveBeenCalledTimes(1);
    const upload = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/kiosk/photo'))!;
    const headers = upload[1]!.headers as Record<string, string>;
    expect(headers['x-photo-token']).toBe(PHOTO_TOKEN);
    expect(headers['Content-Type']).toBe('image/jpeg');
    expect(headers.Authorization).toBe(`Kiosk ${kiosk.token}`);
    expect(upload[1]!.body).toBe(frame);
  });

  it('never opens the camera when the server wants no photo', async () => {
    const capture = vi.fn(async () => null);
    fetchMock.mockResolvedValue(json(200, punched(null)));
    render(
      <KioskScreen
        kiosk={kiosk}
        offsetMs={0}
        online
        onRevoked={vi.fn()}
        queueStore={memoryStore<KioskPin>()}
        photoAtPin
        capturePhoto={capture}
      />,
    );
    press('Ввести PIN', '1', '7', 'Далее', '4', '9', '2', '7', 'Отметиться');
    expect(await screen.findByText('Приход 09:02')).toBeTruthy();
    expect(capture).not.toHaveBeenCalled();
    expect(screen.queryByText(/Фото к отметке/)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the punch and says so when the camera is unavailable', async () => {
    const capture = vi.fn(async () => null);
    fetchMock.mockResolvedValue(
      json(200, punched({ token: PHOTO_TOKEN, expiresAt: '2026-11-26T06:04:00.000Z' })),
    );
    render(
      <KioskScreen
        kiosk={kiosk}
        offsetMs={0}
        online
        onRevoked={vi.fn()}
        queueStore={memoryStore<KioskPin>()}
        photoAtPin
        capturePhoto={capture}
      />,
    );
    press('Ввести PIN', '1', '7', 'Далее', '4', '9', '2', '7', 'Отметиться');
    expect(
      await screen.findByText('Фото не сделано: камера недоступна. Отметка сохранена'),
    ).toBeTruthy();
    expect(screen.getByText('Приход 09:02')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/kiosk/photo'))).toBe(false);
  });
});
